/** Battles for the first page: the player's running games (menu badges and the header's popovers). Pages: pages.ts; the lobby for other features: on-demand.ts. */
export { isBattleId } from './paths.ts';
export { myGamesQueryOptions, useMyGameCounts, useMyGames, type MyGame } from './my-games.ts';
