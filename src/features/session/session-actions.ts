import type { QueryClient } from '@tanstack/react-query';
import { rpc, socket } from '../../net/index.ts';
import { createStore } from '../../ui/store.ts';
import { sessionKeys } from './account-query.ts';
import { checkLogged } from './logged-cookie.ts';

/** Which session modal is open, if any; opened from the header, menus and login prompts. */
export const sessionModal = createStore<'login' | 'logout' | null>(null);

let signingOut: Promise<void> | null = null;

/**
 * Signs this browser out: the socket leaves, the server clears the cookies (they are HttpOnly,
 * so only it can), and the session's cached data is dropped. Repeated calls share one request.
 */
export function signOut(queryClient: QueryClient, { everywhere = false } = {}): Promise<void> {
  signingOut ??= (async () => {
    socket.setSignedIn(false);
    try {
      await rpc.logout(everywhere);
    } finally {
      checkLogged();
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      // The player's offline copies (inventory) go with the session.
      void import('../../storage/offline-cache.ts').then(({ dropOfflineCopies }) => dropOfflineCopies(sessionKeys.all)).catch(() => undefined);
      signingOut = null;
    }
  })();
  return signingOut;
}
