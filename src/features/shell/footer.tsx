import { LogoMark } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import './shell.css';

/** Build version the footer shows (spec: 5.4). */
export const BUILD_VERSION = '5.4';

const LINKS = [
  { label: 'Provably Fair', to: '/provably-fair' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'AML', to: '/aml' },
  { label: 'Cookies', to: '/cookie' },
  { label: 'Support', to: '/support' },
];

/** The footer: the 18+ line, legal and contact lines, links and the build version. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <div className="footer-logo">
            <LogoMark width={28} height={28} />
            <span className="brand-name">
              Skin<span>Fans</span>
            </span>
          </div>
          <p className="footer-age">
            <span className="age-badge">18+</span>
            By accessing this site you confirm that you are over 18 years old.
          </p>
        </div>
        <nav className="footer-links" aria-label="Site">
          {LINKS.map(({ label, to }) => (
            <PathLink key={to} to={to}>
              {label}
            </PathLink>
          ))}
        </nav>
        <div className="footer-legal">
          <p>SkinFans Arena, local simulation build. Coins are play money with no cash value.</p>
          <p>Support: support@skinfans.local · Marketing: marketing@skinfans.local</p>
          <p className="footer-version">v{BUILD_VERSION}</p>
        </div>
      </div>
    </footer>
  );
}
