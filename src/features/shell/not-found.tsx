import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import './shell.css';

/** The not-found page: anything the route table does not match (loaded as NotFound, lazy-parts.tsx). */
export default function NotFoundPage() {
  return (
    <section className="container not-found">
      {/* React hoists these into <head>. */}
      <title>Page not found · SkinFans Arena</title>
      <meta name="robots" content="noindex" />
      <p className="not-found-code">404</p>
      <h1>This page is not in the arena</h1>
      <p>It may not exist, or it is still being built.</p>
      <Link to="/" className={buttonClass('primary')}>
        Back to the arena
      </Link>
    </section>
  );
}
