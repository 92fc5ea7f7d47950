/**
 * One roll's record for other features' pages (the fairness page replays it): the same query as
 * the roll's own page, so both share one cache entry and one loader.
 */
export { diceRollQueryOptions } from './queries.ts';
