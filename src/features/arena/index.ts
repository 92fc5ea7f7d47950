/** The arena: the player's running games (menu badges), kept by battles beside the lobby they come from. The header's popover: on-demand.ts; pages: pages.ts. */
export { useMyGameCounts, type MyGame } from '../battles/index.ts';
