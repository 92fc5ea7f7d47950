/** The arena: the player's running games (menu badges). Pages: pages.ts. */
export { myGamesQueryOptions, useMyGameCounts } from './my-games.ts';
