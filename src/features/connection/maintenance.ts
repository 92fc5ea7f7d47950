/**
 * Server maintenance (document 1 section 4 'Session', document 3 section 8): the event sets a
 * maintenance cookie (60 s) and reloads the page. docs/design.md section 8: the reload waits until
 * no spin or battle animation runs, unless the server is going down, when it comes at once.
 * The cookie tells the reloaded page why it reloaded.
 *
 * docs/decisions/0050: while a maintenance runs the server tells every socket that connects
 * (SERVER_MAINTENANCE again), so the reloaded page, its cookie set, shows the maintenance
 * screen instead of reloading a second time, and keeps the cookie alive while it shows it.
 * `active: false` ends it: the cookie goes and the screen with it. A reloaded page whose
 * connection comes up with no maintenance running lets the screen go by itself.
 */
import { Suspense, createElement, useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { whenIdle } from '../../ui/activity.ts';
import { pushNotice } from '../../ui/notice-store.ts';
import { lazyPart } from '../../ui/lazy-part.ts';
import { createStore } from '../../ui/store.ts';

/** The cookie's name and life (the spec's 60, read as seconds). */
export const MAINTENANCE_COOKIE = 'maintenance';
export const MAINTENANCE_COOKIE_SECONDS = 60;
/** How long a reloaded page waits, once connected, for the server to say the maintenance still runs. */
export const MAINTENANCE_CONFIRM_MS = 3_000;

const HAS_COOKIE = new RegExp(`(?:^|;\\s*)${MAINTENANCE_COOKIE}=1(?:;|$)`);

function setMaintenanceCookie(seconds: number): void {
  document.cookie = `${MAINTENANCE_COOKIE}=1; max-age=${seconds}; path=/; samesite=lax`;
}

/** The maintenance screen's state: null when none shows; `confirmed` once the server said it runs. */
export const maintenanceScreen = createStore<{ message: string | null; confirmed: boolean } | null>(null);

/** Follows maintenance events; mounted once by the root route. */
export function useMaintenance(): void {
  useEffect(() => {
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    let confirm: ReturnType<typeof setTimeout> | undefined;
    const show = (message: string | null, confirmed: boolean) => {
      maintenanceScreen.set({ message, confirmed });
      setMaintenanceCookie(MAINTENANCE_COOKIE_SECONDS);
      // The cookie outlives a long maintenance: another reload from this page would be one too many.
      clearInterval(keepAlive);
      keepAlive = setInterval(() => setMaintenanceCookie(MAINTENANCE_COOKIE_SECONDS), (MAINTENANCE_COOKIE_SECONDS * 1000) / 2);
    };
    const end = (notice: string) => {
      clearInterval(keepAlive);
      clearTimeout(confirm);
      setMaintenanceCookie(0);
      if (maintenanceScreen.get()) pushNotice({ type: 'system', title: 'Maintenance', message: notice });
      maintenanceScreen.set(null);
    };

    // Reloaded for a maintenance: its screen shows until the server says whether it still runs.
    if (HAS_COOKIE.test(document.cookie)) show(null, false);
    const offStatus = socket.onLocal('status', (status) => {
      if (status !== 'live' || maintenanceScreen.get()?.confirmed !== false) return;
      clearTimeout(confirm);
      confirm = setTimeout(() => {
        if (maintenanceScreen.get()?.confirmed === false) end('The arena reloaded for maintenance. If something does not answer yet, it is back in a moment.');
      }, MAINTENANCE_CONFIRM_MS);
    });
    const offEvent = socket.on('SERVER_MAINTENANCE', ({ going_down, message, active }) => {
      if (active === false) return end(message ?? 'The maintenance is over: the arena is back.');
      // Already reloaded for it: the screen stays, and the page does not reload again.
      if (maintenanceScreen.get() || HAS_COOKIE.test(document.cookie)) return show(message ?? null, true);
      setMaintenanceCookie(MAINTENANCE_COOKIE_SECONDS);
      pushNotice({ type: 'system', title: 'Maintenance', message: message ?? (going_down ? 'The arena is restarting: the page reloads now.' : 'The arena was updated: the page reloads when your spin ends.') });
      void (going_down ? Promise.resolve() : whenIdle()).then(() => window.location.reload());
    });
    return () => {
      clearInterval(keepAlive);
      clearTimeout(confirm);
      offStatus();
      offEvent();
    };
  }, []);
}

const Screen = lazyPart(() => import('./maintenance-screen.tsx'));

/** The maintenance screen while one shows; its code loads only then. */
export function MaintenanceScreen() {
  if (!maintenanceScreen.use()) return null;
  return createElement(Suspense, { fallback: null }, createElement(Screen));
}
