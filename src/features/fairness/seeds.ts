import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MethodResult } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';

/** The player's seed pair as user.seed answers it. */
export type SeedPair = MethodResult<'user.seed'>;

/** Query keys of fairness data; under the session's keys, so sign-out drops them. */
export const fairnessKeys = {
  seed: ['session', 'fairness', 'seed'] as const,
};

/** The player's current seed pair: client seed, hashed server seed, the next one hashed, nonce. */
export function seedQueryOptions() {
  return queryOptions({
    queryKey: fairnessKeys.seed,
    queryFn: ({ signal }) => rpc.call('user.seed', {}, { signal }),
  });
}

/**
 * Retires the pair (rotate=1, or a new client seed): the answer carries the revealed server
 * seed and the new pair. Games whose drops used the old pair now show its server seed, so the
 * session's game caches are refreshed.
 */
export async function retireSeeds(queryClient: QueryClient, change: { rotate: 1 } | { client_seed: string }): Promise<SeedPair> {
  const answer = await rpc.call('user.seed', change);
  queryClient.setQueryData(fairnessKeys.seed, answer);
  void queryClient.invalidateQueries({ queryKey: ['session', 'unbox'] });
  return answer;
}
