/** Race+: the wager race leaderboards. Pages: pages.ts. */
export { raceQueryOptions } from './queries.ts';
