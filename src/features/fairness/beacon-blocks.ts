import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** The beacon's newest blocks (beacon.blocks), as /provably-fair/randomorg lists them. */
export function beaconBlocksQueryOptions() {
  return queryOptions({ queryKey: ['fairness', 'beacon'] as const, queryFn: ({ signal }) => rpc.call('beacon.blocks', { count: 10 }, { signal }) });
}
