/** What a referred wager earns its partner (docs/decisions/0011): the rule the running totals and the dated figures share. */
import type { HistoryType } from '../../../src/contract/index.ts';
import { GAME_KEYS, GAME_MONEY, type GameMoney } from '../../../src/core/games.ts';

/** The partner's share of the house edge, in percent. */
export const PARTNER_EDGE_SHARE_PERCENT = 10;
/**
 * The house edge of each wager type in thousandths of a percent (basis points x 10): every
 * stake of a wagering game at that game's edge, from the game registry. A new game brings its
 * edge with its entry there; a type no game stakes has none and is refused, never read as 0.
 */
const EDGE_MILLI_PERCENT: ReadonlyMap<HistoryType, number> = new Map(
  GAME_KEYS.flatMap((key) => {
    const money: GameMoney = GAME_MONEY[key];
    return money.wager ? money.stakeTypes.map((type) => [type, money.houseEdgeBp * 10] as const) : [];
  }),
);

/**
 * What a wager of `cents` earns its partner, in thousandths of a cent: cents x edge x share.
 * With the edge in thousandths of a percent and the share in percent, the product divided
 * by 10^4 is exact for the 8% case edge (8000 x 10 / 10^4 = 8 milli-cents per cent).
 */
export function partnerEarningMilli(type: HistoryType, cents: number): number {
  const edge = EDGE_MILLI_PERCENT.get(type);
  if (edge === undefined) throw new Error(`partner earnings: ${type} is no game's wager (src/core/games.ts)`);
  return Math.floor((cents * edge * PARTNER_EDGE_SHARE_PERCENT) / 10_000);
}
