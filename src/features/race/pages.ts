/** The race pages, for routes only. */
export { RacePage } from './race-page.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { raceQueryOptions } from './queries.ts';
