/**
 * One chicken game's record for other features' pages (the fairness page replays it): the same
 * query as the game page's, so both share one cache entry and one loader.
 */
export { chickenGameQueryOptions } from './queries.ts';
