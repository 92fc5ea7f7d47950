import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** The hover widget's data of a player (user.widget). */
export function widgetQueryOptions(hash: string) {
  return queryOptions({
    queryKey: profileKeys.widget(hash),
    queryFn: async ({ signal }) => (await rpc.call('user.widget', { user_hash: hash }, { signal })).user,
    staleTime: 30_000,
  });
}

/** A player's hexagon board of achievements (achieve.getHexagone). */
export function hexagonQueryOptions(name: string) {
  return queryOptions({
    queryKey: [...profileKeys.byName(name), 'achieves'] as const,
    queryFn: ({ signal }) => rpc.call('achieve.getHexagone', { user_name: name }, { signal }),
    staleTime: 30_000,
  });
}

/** Follows or unfollows a player; every profile view of them reads again. */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, follow }: { hash: string; follow: boolean }) => rpc.call(follow ? 'follower.follow' : 'follower.unfollow', { user_hash: hash }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
