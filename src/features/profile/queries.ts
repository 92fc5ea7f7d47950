import { queryOptions } from '@tanstack/react-query';
import { RpcContractError, RpcNetworkError, rpc } from '../../net/index.ts';
import { withOfflineCopy } from '../../storage/offline-cache.ts';

/** Query keys of profiles; follows and settings invalidate `all`. */
export const profileKeys = {
  all: ['profile'] as const,
  byName: (name: string) => ['profile', 'name', name.toLowerCase()] as const,
  widget: (hash: string) => ['profile', 'widget', hash] as const,
  followings: ['profile', 'followings'] as const,
};

/** A player's public profile by name (user.getUser with user_name). */
export function profileQueryOptions(name: string) {
  return queryOptions({
    queryKey: profileKeys.byName(name),
    queryFn: async ({ signal }) => {
      const answer = await withOfflineCopy(['profile', name.toLowerCase()], () => rpc.call('user.getUser', { user_name: name }, { signal }), (error) => error instanceof RpcNetworkError);
      if ('user_wallet' in answer) throw new RpcContractError('user.getUser', 'expected a public profile');
      return answer.user;
    },
    staleTime: 60_000,
  });
}
