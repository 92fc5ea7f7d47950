/** The profile pages' and the player card's calls; not first-page code (queries.ts is). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';
import { profileKeys } from './queries.ts';

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
