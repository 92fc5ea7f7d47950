/**
 * Server maintenance (document 1 section 4 'Session', document 3 section 8): the event sets a
 * maintenance cookie (60 s) and reloads the page. docs/design.md section 8: the reload waits until
 * no spin or battle animation runs, unless the server is going down, when it comes at once.
 * The cookie tells the reloaded page why it reloaded.
 */
import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { whenIdle } from '../../ui/activity.ts';
import { pushNotice } from '../../ui/notice-store.ts';

/** The cookie's name and life (the spec's 60, read as seconds). */
export const MAINTENANCE_COOKIE = 'maintenance';
export const MAINTENANCE_COOKIE_SECONDS = 60;

const HAS_COOKIE = new RegExp(`(?:^|;\\s*)${MAINTENANCE_COOKIE}=1(?:;|$)`);

function setMaintenanceCookie(seconds: number): void {
  document.cookie = `${MAINTENANCE_COOKIE}=1; max-age=${seconds}; path=/; samesite=lax`;
}

/** Follows maintenance events; mounted once by the root route. */
export function useMaintenance(): void {
  useEffect(() => {
    if (HAS_COOKIE.test(document.cookie)) {
      // Said once: the cookie goes with the notice.
      setMaintenanceCookie(0);
      pushNotice({ type: 'system', title: 'Maintenance', message: 'The arena reloaded for maintenance. If something does not answer yet, it is back in a moment.' });
    }
    return socket.on('SERVER_MAINTENANCE', ({ going_down, message }) => {
      setMaintenanceCookie(MAINTENANCE_COOKIE_SECONDS);
      pushNotice({ type: 'system', title: 'Maintenance', message: message ?? (going_down ? 'The arena is restarting: the page reloads now.' : 'The arena was updated: the page reloads when your spin ends.') });
      void (going_down ? Promise.resolve() : whenIdle()).then(() => window.location.reload());
    });
  }, []);
}
