/** Profiles: a player's public data. Pages: pages.ts. */
export { profileQueryOptions } from './queries.ts';
