// The case page's drop-pool figures in one call, so the fairness worker answers them in one
// round trip: each item's odds, the expected value, the price spread and, when asked, the
// chance of at least one item above a price in a number of openings.
import { chanceOfAtLeastOneAbove, expectedValue, oddsAbove, priceSpread, rangeOdds, type PoolItem } from './drop-pool.ts';
import { TICKET_MAX } from './fair-ticket.ts';

/** What the case page asks beside the pool itself. */
export type PoolQuestion = {
  /** A price in cents: the odds of an item above it, per opening and over `openings`. */
  readonly above?: number;
  /** Openings for the "at least one above" chance; 1 when not given. */
  readonly openings?: number;
};

/** The figures of a case's pool. */
export type PoolSummary = {
  /** Chance (0..1) of each item per opening, in the order given. */
  readonly odds: number[];
  /** Mean value of one opening in cents (not rounded). */
  readonly expectedValue: number;
  readonly spread: { readonly min: number; readonly max: number; readonly median: number };
  /** Only when `above` was asked. */
  readonly above: { readonly price: number; readonly perOpening: number; readonly openings: number; readonly atLeastOne: number } | null;
};

/** Odds, expected value, spread and the optional "above a price" chances of a pool. */
export function poolSummary(items: readonly PoolItem[], question: PoolQuestion = {}, max: number = TICKET_MAX): PoolSummary {
  const openings = question.openings ?? 1;
  return {
    odds: items.map((item) => rangeOdds(item.range, max)),
    expectedValue: expectedValue(items, max),
    spread: priceSpread(items),
    above:
      question.above === undefined
        ? null
        : { price: question.above, perOpening: oddsAbove(items, question.above, max), openings, atLeastOne: chanceOfAtLeastOneAbove(items, question.above, openings, max) },
  };
}
