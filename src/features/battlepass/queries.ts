import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';
import { accountQueryOptions, readLogged } from '../session/index.ts';

/** Query key of the season's Battle Pass; what a claim or a purchase invalidates. */
export const battlePassKey = ['battlepass', 'data'] as const;

/**
 * The season with the player's tiers (battlepass.getData). Keyed by whether a session exists
 * and by the experience the header knows, so a sign-in or a tier reached while the page is
 * open shows at once.
 */
export function battlePassQueryOptions(logged: boolean, knownExp: number) {
  return queryOptions({ queryKey: [...battlePassKey, logged, knownExp] as const, queryFn: ({ signal }) => rpc.call('battlepass.getData', {}, { signal }) });
}

/**
 * What the Battle Pass routes' loaders fetch: the season under the key the page will read. A
 * visitor's page asks without a session; a player's waits for the account (the header's own
 * query) so its experience is in the key. prefetchQuery never throws: a failure is the page's.
 */
export async function prefetchBattlePass(queryClient: QueryClient): Promise<void> {
  const logged = readLogged();
  const account = logged ? await queryClient.ensureQueryData(accountQueryOptions()).catch(() => undefined) : undefined;
  await queryClient.prefetchQuery(battlePassQueryOptions(logged, account?.user_progress.exp ?? 0));
}
