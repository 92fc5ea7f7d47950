/** What the server renders of /inventory into a signed-in player's first view (src/first-views). */
export { INVENTORY_PAGE, InventoryGrid, InventoryItems, InventoryTotal, mayHaveMore } from './inventory-grid.tsx';
