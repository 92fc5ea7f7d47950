import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RpcNetworkError } from '../../net/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { InvalidPageError, NOT_A_VALID_PAGE } from '../../ui/invalid-page.ts';
import { reloadedLately, reloadForCode } from '../../ui/reload-for-code.ts';
import { routeApiError } from '../notifications/on-demand.ts';
import { useArenaReachable } from '../connection/index.ts';
import OfflinePage from './offline-page.tsx';

/** A page's code that did not arrive (Chromium's and Firefox's and Safari's words). */
const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed/;

/** A page whose data failed to load: offline, or the server's error with a retry. */
export default function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const reachable = useArenaReachable();
  const codeMissing = error instanceof Error && CODE_NOT_LOADED.test(error.message);
  // Once the arena answers, a page whose code did not arrive loads again by itself.
  useEffect(() => {
    if (codeMissing && reachable === 'yes' && !reloadedLately()) reloadForCode();
  }, [codeMissing, reachable]);
  const retry = codeMissing
    ? reloadForCode
    : () => {
        reset();
        void router.invalidate();
      };
  if (error instanceof RpcNetworkError && typeof navigator !== 'undefined' && !navigator.onLine) return <OfflinePage />;
  // The router wraps a param parser's error (its cause).
  if (error instanceof InvalidPageError || (error instanceof Error && error.cause instanceof InvalidPageError)) {
    return (
      <section className="container route-error" role="alert">
        <h1>{NOT_A_VALID_PAGE}</h1>
        <p>This address does not lead to a page of the arena.</p>
        <div className="route-error-actions">
          <Link to="/" className={buttonClass('primary')}>
            Back to the arena
          </Link>
        </div>
      </section>
    );
  }
  const route = routeApiError(error, 'page');
  const title = route.action === 'notice' ? route.title : 'Waiting for connection...';
  const message = route.action === 'notice' ? route.message : 'The page could not reach the arena. It tries again when you ask.';
  return (
    <section className="container route-error" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <div className="route-error-actions">
        <Button variant="primary" onClick={retry}>
          Try again
        </Button>
        <Link to="/" className={buttonClass('ghost')}>
          Back to the arena
        </Link>
      </div>
    </section>
  );
}
