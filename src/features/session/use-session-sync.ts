import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { rpc, socket } from '../../net/index.ts';
import { whenQuiet } from '../../ui/activity.ts';
import { sessionKeys } from './account-query.ts';
import { readLogged, useLogged } from './logged-cookie.ts';
import { sessionModal, signOut } from './session-actions.ts';

/**
 * Keeps the session in step everywhere: the socket authenticates while signed in, a sign-in or
 * sign-out in another tab reloads or drops the session's data, and a server that no longer
 * accepts the tokens signs this tab out. Mounted once, by the root route.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const logged = useLogged();

  useEffect(() => {
    socket.setSignedIn(logged);
    // Signed in elsewhere: the account query starts by itself once enabled; an open form is moot.
    if (logged && sessionModal.get() === 'login') sessionModal.set(null);
    if (!logged) {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      // Kept copies of a session that ended while the tab was closed; nothing waits for this, so
      // IndexedDB's library loads when the first page is in and no game animates, not beside
      // them (and not at all if the player has signed in by then).
      void whenQuiet()
        .then(() => (readLogged() ? undefined : import('../../storage/offline-cache.ts').then(({ dropOfflineCopies }) => dropOfflineCopies(sessionKeys.all))))
        .catch(() => undefined);
      if (sessionModal.get() === 'logout') sessionModal.set(null);
    }
  }, [logged, queryClient]);

  useEffect(() => rpc.on('logged-out', () => void signOut(queryClient).catch(() => undefined)), [queryClient]);

  useEffect(
    () =>
      socket.on('ROOM_RESYNC', ({ room }) => {
        // The personal room's missed events are gone: read the account again instead.
        if (room.startsWith('USER[')) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }),
    [queryClient],
  );

  // The login provider sends the browser back with ?device_token=...; the server has already
  // stored it as a cookie, so it only clutters the address bar (and shared links).
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('device_token')) return;
    url.searchParams.delete('device_token');
    router.history.replace(`${url.pathname}${url.search}${url.hash}`);
  }, [router]);
}
