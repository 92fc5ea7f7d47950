/**
 * Level rewards (/rewards; docs/decisions/0033): every level from 2 to the top gives, once and
 * claimed by the player, a free case and, when its value buys more than one case, community
 * keys of that same case. The value is 0.2% of the wager the level took (experience is one
 * per cent wagered), at least the cheapest case's price.
 */
import { LEVEL_EXP, MAX_LEVEL } from './levels.ts';
import type { RarityTier } from './rarity.ts';

/** The least a level's reward is worth, in cents: one coin, the cheapest case. */
export const MIN_LEVEL_REWARD = 100;

/** What reaching a level is worth, in cents (0 for levels without a reward). */
export function levelRewardValue(level: number): number {
  if (!Number.isInteger(level) || level < 2 || level > MAX_LEVEL) return 0;
  const step = (LEVEL_EXP[level] ?? 0) - (LEVEL_EXP[level - 1] ?? 0);
  return Math.max(MIN_LEVEL_REWARD, Math.floor(step / 500));
}

/**
 * Keys a reward of `value` cents gives beside its free case of `casePrice`: the value beyond
 * that first case, in whole cases of the same price (the case is the dearest one within the
 * value, so below the top price this is 0).
 */
export function levelRewardKeys(value: number, casePrice: number): number {
  if (!(casePrice > 0) || !(value > 0)) return 0;
  return Math.max(0, Math.floor(value / casePrice) - 1);
}

/** The free case card's rarity: it rises with the level's colour band (1-19, 20-39, ... 100+). */
export function levelRewardRarity(level: number): RarityTier {
  if (level >= 100) return 'ultra';
  if (level >= 80) return 'gold';
  if (level >= 60) return 'high';
  if (level >= 40) return 'medium';
  return 'low';
}
