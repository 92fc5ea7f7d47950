import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** Query key of the level rewards; what a claim invalidates. */
export const levelRewardsKey = ['rewards', 'levels'] as const;

/** The reward of each level and which are claimed (rewards.levels), keyed by the experience the header knows; for signed-in players only. */
export function levelRewardsQueryOptions(knownExp: number) {
  return queryOptions({ queryKey: [...levelRewardsKey, knownExp] as const, queryFn: ({ signal }) => rpc.call('rewards.levels', {}, { signal }) });
}
