/**
 * Level rewards (/rewards; docs/decisions/0014): every level from 2 to the top pays coins once,
 * claimed by the player: 0.2% of the wager that level took (experience is one per cent
 * wagered), at least 0.25 coins.
 */
import { LEVEL_EXP, MAX_LEVEL } from './levels.ts';

/** The smallest level reward, in cents. */
export const MIN_LEVEL_REWARD = 25;

/** What reaching a level pays, in cents (0 for levels without a reward). */
export function levelReward(level: number): number {
  if (!Number.isInteger(level) || level < 2 || level > MAX_LEVEL) return 0;
  const step = (LEVEL_EXP[level] ?? 0) - (LEVEL_EXP[level - 1] ?? 0);
  return Math.max(MIN_LEVEL_REWARD, Math.floor(step / 500));
}
