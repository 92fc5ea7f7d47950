/** The inventory's pages, for routes only: items with instant sell, and the booster history. */
export { BoosterHistoryPage, InventoryPage } from './inventory-pages.tsx';
