import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { RpcNetworkError, rpc } from '../../net/index.ts';
import { withOfflineCopy } from '../../storage/offline-cache.ts';
import { INVENTORY_PAGE, mayHaveMore } from './inventory-grid.tsx';

const offline = (error: unknown) => error instanceof RpcNetworkError;

/** Query keys of the inventory; under the session's keys, so sign-out drops them. */
export const inventoryKeys = {
  all: ['session', 'inventory'] as const,
  list: ['session', 'inventory', 'list'] as const,
  counters: ['session', 'inventory', 'counters'] as const,
};

/** How the inventory is ordered: newest first (by hash), or by price. */
export type InventorySort = 'hash' | 'price_desc' | 'price_asc';

/**
 * The player's items page by page, newest first or by price. Document 1 section 9: the next page
 * starts after the last item's hash, or after the count already shown when not sorted by hash.
 */
export function inventoryQueryOptions(sort: InventorySort = 'hash') {
  const key = sort === 'hash' ? inventoryKeys.list : ([...inventoryKeys.list, sort] as const);
  return infiniteQueryOptions({
    queryKey: key,
    // Pages seen before open offline from their kept copies.
    queryFn: ({ pageParam, signal }) =>
      withOfflineCopy([...key, pageParam], () => rpc.call('inventory.getAssets', { count: INVENTORY_PAGE, ...(sort === 'hash' ? {} : { sort }), ...(pageParam ? { offset: pageParam } : {}) }, { signal }), offline),
    initialPageParam: '',
    getNextPageParam: (page, pages) => {
      if (!mayHaveMore(page)) return undefined;
      return sort === 'hash' ? page.items.at(-1)?.hash : String(pages.reduce((shown, each) => shown + each.items.length, 0));
    },
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
