/** Catch the Chicken. */
export { ChickenGamePage } from './chicken-game-page.tsx';
export { ChickenPage } from './chicken-play.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { chickenActiveQueryOptions, chickenGameQueryOptions, chickenHistoryQueryOptions, chickenRecentQueryOptions } from './queries.ts';
