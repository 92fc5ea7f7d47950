/** Inventory: the player's items (queries). Pages: pages.ts. */
export { inventoryCountersQueryOptions, inventoryKeys, inventoryQueryOptions } from './queries.ts';
