/** The arena's pages, for routes only: the lobby. */
export { ArenaPage } from './arena-pages.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { arenaStatsQueryOptions } from './queries.ts';
