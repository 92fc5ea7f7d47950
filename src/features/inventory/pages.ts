/** The inventory's pages, for routes only: items with instant sell, and the booster history. */
export { InventoryPage } from './inventory-pages.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { inventoryQueryOptions } from './queries.ts';
