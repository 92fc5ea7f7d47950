import { useEffect } from 'react';
import { createCheckin } from '../../net/checkin.ts';
import { socket } from '../../net/index.ts';
import { getSettings, setSetting } from '../../storage/settings.ts';
import { useLogged } from './logged-cookie.ts';

/** What counts as the player being here between check-ins (throttled to one a minute). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Checks the signed-in player in over the socket (net/checkin.ts has the rules): once the
 * socket authenticates, whenever the tab becomes visible again, and on the player's activity
 * at most once a minute. The last check-in time is a stored setting, so a reload does not
 * check in again on activity within the minute. Mounted once by the root route.
 */
export function useCheckin(): void {
  const logged = useLogged();
  useEffect(() => {
    if (!logged) return;
    // Only an authenticated connection checks the player in; a new connection must authenticate first.
    let authed = false;
    const checkin = createCheckin({
      send: () => authed && socket.send({ type: 'checkin' }),
      lastSent: () => getSettings().checkin_time,
      remember: (time) => setSetting('checkin_time', time),
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') checkin.request('page-active');
    };
    const onActivity = () => checkin.request('activity');
    const offs = [
      socket.on('AUTHED', () => {
        authed = true;
        checkin.request('authed');
      }),
      socket.on('LEAVED', () => {
        authed = false;
      }),
      socket.onLocal('open', () => {
        authed = false;
      }),
    ];
    document.addEventListener('visibilitychange', onVisible);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const off of offs) off();
      document.removeEventListener('visibilitychange', onVisible);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      checkin.dispose();
    };
  }, [logged]);
}
