/** Cards for the inventory page: the player's cards, using them, the pack roulette and the reward modal. */
export { InventoryCards } from './inventory-cards.tsx';
