import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { rpc } from '../../net/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { WifiOffIcon } from '../../ui/icons.tsx';

/** What an offline player sees on a page this device never opened (docs/design.md section 8). */
export default function OfflinePage() {
  // The page shows while nothing has proved the arena answers: with the socket refused (a
  // proxy) and no call made yet, one small public call settles it; an answer brings the page.
  useEffect(() => {
    if (navigator.onLine) rpc.call('beacon.blocks', { count: 1 }).catch(() => undefined);
  }, []);

  return (
    <section className="container offline-page" aria-labelledby="offline-title">
      <span className="offline-icon" aria-hidden>
        <WifiOffIcon width={36} height={36} />
      </span>
      <h1 id="offline-title">You are offline</h1>
      <p>This page has not been opened on this device yet, so it is not saved for offline use. It opens as soon as the connection is back.</p>
      <p>Pages you visited before, your inventory and the cases you looked at still work.</p>
      <Link to="/" className={buttonClass('primary')}>
        Back to the arena
      </Link>
    </section>
  );
}
