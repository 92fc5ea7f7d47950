/** The arena: the player's running games (menu badges, the header's popovers of own games). Pages: pages.ts. */
export { myGamesQueryOptions, useMyGameCounts, useMyGames, type MyGame } from './my-games.ts';
export { MyGamesPopover } from './my-games-popover.tsx';
