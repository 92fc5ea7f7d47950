import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { RpcNetworkError, rpc } from '../../net/index.ts';
import { withOfflineCopy } from '../../storage/offline-cache.ts';

const offline = (error: unknown) => error instanceof RpcNetworkError;

/** Query keys of the inventory; under the session's keys, so sign-out drops them. */
export const inventoryKeys = {
  all: ['session', 'inventory'] as const,
  list: ['session', 'inventory', 'list'] as const,
  counters: ['session', 'inventory', 'counters'] as const,
};

const PAGE = 48;

/** The player's items, newest first, page by page (offset: the last item's hash). */
export function inventoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: inventoryKeys.list,
    // Pages seen before open offline from their kept copies.
    queryFn: ({ pageParam, signal }) =>
      withOfflineCopy([...inventoryKeys.list, pageParam], () => rpc.call('inventory.getAssets', { count: PAGE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }), offline),
    initialPageParam: '',
    getNextPageParam: (page) => (page.items.length === PAGE ? page.items.at(-1)?.hash : undefined),
  });
}

/** Only the totals (the mobile menu's badge). */
export function inventoryCountersQueryOptions() {
  return queryOptions({
    queryKey: inventoryKeys.counters,
    queryFn: ({ signal }) => rpc.call('inventory.getAssets', { only_counters: 1 }, { signal }),
    staleTime: 60_000,
  });
}
