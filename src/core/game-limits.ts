// Stake limits of Chicken and Dice (docs/decisions/0017). A stake whose best possible payout
// would exceed MAX_PAYOUT is refused up front, so no outcome is ever capped after the fact
// and the published return holds for every allowed stake.

/** Smallest stake, in cents. */
export const GAME_MIN_BET = 1;
/** Largest stake, in cents (10,000.00 coins). */
export const GAME_MAX_BET = 1_000_000;
/** Largest payout of one chicken game or dice roll, in cents (100,000.00 coins). */
export const GAME_MAX_PAYOUT = 10_000_000;

/** Why a stake is refused at the best multiplier (ten-thousandths) it could win, or null. */
export function stakeProblem(bet: number, bestMultiplier: number): string | null {
  if (!Number.isSafeInteger(bet) || bet < GAME_MIN_BET) return 'bet: expected whole cents, at least 1';
  if (bet > GAME_MAX_BET) return `bet: at most ${GAME_MAX_BET} cents`;
  if (Math.floor((bet * bestMultiplier) / 10_000) > GAME_MAX_PAYOUT) return `bet: the payout could pass the ${GAME_MAX_PAYOUT}-cent maximum`;
  return null;
}
