/** The inventory's pages, for routes only: items with instant sell, and the booster history. */
export { InventoryPage } from './inventory-pages.tsx';
