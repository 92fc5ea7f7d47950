import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountData, z } from '../../contract/index.ts';
import { RpcContractError, RpcNetworkError, rpc } from '../../net/index.ts';
import { withOfflineCopy } from '../../storage/offline-cache.ts';
import { useLogged } from './logged-cookie.ts';

/** The signed-in player's account data (user.getUser without a name). */
export type Account = z.output<typeof AccountData>;

/** Query keys of the session; everything under `all` is dropped on sign-out. */
export const sessionKeys = {
  all: ['session'] as const,
  account: ['session', 'account'] as const,
};

/** The account query: the player, progress, wallet balance and partnership of this session. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.account,
    queryFn: async ({ signal }): Promise<Account> => {
      // Offline, the header shows the last balance it knew.
      const answer = await withOfflineCopy(sessionKeys.account, () => rpc.call('user.getUser', {}, { signal }), (error) => error instanceof RpcNetworkError);
      // Without a user_name the method answers the caller's own account data, never a profile.
      if (!('user_wallet' in answer)) throw new RpcContractError('user.getUser', 'expected the account data of the signed-in player');
      return answer;
    },
    staleTime: 60_000,
  });
}

/** The account while signed in; idle (no request) for visitors. */
export function useAccount() {
  const logged = useLogged();
  return useQuery({ ...accountQueryOptions(), enabled: logged });
}

/** Whether an account is a club member's. */
export const isClubMember = (account: Account): boolean => account.user.tags.includes('club_member');

/**
 * Whether the signed-in player is a club member. A component that reads only this is not
 * rendered again when the balance moves, as one reading the whole account is.
 */
export function useClubMember(): boolean {
  const logged = useLogged();
  return useQuery({ ...accountQueryOptions(), enabled: logged, select: isClubMember }).data ?? false;
}

/**
 * Writes a balance pushed by the server into the account cache, where the header reads it. A
 * sponsored share (partnership.borrow) is a fraction of the balance and moves with it by the
 * ledger's rules, so an account that has one is read again rather than guessed.
 */
export function setAccountBalance(queryClient: QueryClient, balance: number): void {
  const { queryKey } = accountQueryOptions();
  const account = queryClient.setQueryData(queryKey, (old) => (old ? { ...old, user_wallet: { ...old.user_wallet, balance } } : old));
  if (account && account.partnership.borrow > 0) void queryClient.invalidateQueries({ queryKey });
}

/** Writes experience pushed by the server (#EXPERIENCE_CHANGED) into the account cache: the header's level and progress follow. */
export function setAccountProgress(queryClient: QueryClient, progress: { level: number; exp: number }): void {
  const { queryKey } = accountQueryOptions();
  queryClient.setQueryData(queryKey, (old) => (old ? { ...old, user: { ...old.user, level: progress.level }, user_progress: progress } : old));
}
