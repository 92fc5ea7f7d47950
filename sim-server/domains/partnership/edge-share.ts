/** What a referred wager earns its partner (docs/decisions/0011): the rule the running totals and the dated figures share. */
import type { HistoryType } from '../../../src/contract/index.ts';
import { CASE_HOUSE_EDGE } from '../../../src/core/index.ts';

/** The partner's share of the house edge, in percent. */
export const PARTNER_EDGE_SHARE_PERCENT = 10;
/**
 * The house edge of each wager type in thousandths of a percent. Seats and cases are priced
 * with the case edge (docs/decisions/0005); a game with another edge adds its type here.
 */
const EDGE_MILLI_PERCENT: Partial<Record<HistoryType, number>> = {
  arena_join: Math.round(CASE_HOUSE_EDGE * 100_000),
  arena_sponsor: Math.round(CASE_HOUSE_EDGE * 100_000),
  unbox_boxes_bought: Math.round(CASE_HOUSE_EDGE * 100_000),
  // Chicken returns 97% and dice 99% (docs/decisions on their rules).
  chicken_paid: 3_000,
  dice_bet: 1_000,
};

/**
 * What a wager of `cents` earns its partner, in thousandths of a cent: cents x edge x share.
 * With the edge in thousandths of a percent and the share in percent, the product divided
 * by 10^4 is exact for the 8% case edge (8000 x 10 / 10^4 = 8 milli-cents per cent).
 */
export function partnerEarningMilli(type: HistoryType, cents: number): number {
  const edge = EDGE_MILLI_PERCENT[type] ?? 0;
  return Math.floor((cents * edge * PARTNER_EDGE_SHARE_PERCENT) / 10_000);
}
