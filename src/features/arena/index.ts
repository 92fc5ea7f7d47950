/** The arena: the player's running games (menu badges). The header loads my-games-popover.tsx on its own; pages: pages.ts. */
export { myGamesQueryOptions, useMyGameCounts, useMyGames, type MyGame } from './my-games.ts';
