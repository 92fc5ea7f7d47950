/**
 * The achievement catalogue (document 1 sections 1 and 3: achieves with name, count, usage,
 * rarity; the spec hints at first wins, battles played, big plays, levels). The server issues
 * each once per player by the rule named here (docs/decisions/0014); the client draws them.
 */
import type { RarityTier } from './rarity.ts';

/** One achievement. */
export interface Achievement {
  key: string;
  title: string;
  /** What earns it, as a player reads it. */
  rule: string;
  rarity: RarityTier;
}

/** Every achievement, in the order the hexagon board shows them. */
export const ACHIEVEMENTS = [
  { key: 'first_case', title: 'Fresh Cut', rule: 'Open your first case.', rarity: 'low' },
  { key: 'first_battle', title: 'Into the Arena', rule: 'Take your first battle seat.', rarity: 'low' },
  { key: 'noticed', title: 'Noticed', rule: 'Get your first follower.', rarity: 'low' },
  { key: 'battles_10', title: 'Gladiator', rule: 'Play 10 battles.', rarity: 'medium' },
  { key: 'level_10', title: 'Rising', rule: 'Reach level 10.', rarity: 'medium' },
  { key: 'high_roller', title: 'High Roller', rule: 'Wager 100 coins or more at once.', rarity: 'high' },
  { key: 'battles_100', title: 'Veteran', rule: 'Play 100 battles.', rarity: 'high' },
  { key: 'level_20', title: 'Seasoned', rule: 'Reach level 20.', rarity: 'high' },
  { key: 'rank_gold', title: 'Gold Standard', rule: 'Reach Gold I in a season.', rarity: 'gold' },
  { key: 'podium', title: 'Podium', rule: 'Finish a race in the top three.', rarity: 'gold' },
  { key: 'level_50', title: 'Legend', rule: 'Reach level 50.', rarity: 'ultra' },
] as const satisfies readonly Achievement[];

/** An achievement's key. */
export type AchievementKey = (typeof ACHIEVEMENTS)[number]['key'];

/** The catalogue entry of a key, or undefined for one this build does not know. */
export function achievementOf(key: string): Achievement | undefined {
  return ACHIEVEMENTS.find((a) => a.key === key);
}

/** A wager of at least this many cents is a high roll. */
export const HIGH_ROLLER_CENTS = 10_000;

/** Levels that earn an achievement. */
export const LEVEL_ACHIEVEMENTS: readonly (readonly [level: number, key: AchievementKey])[] = [
  [10, 'level_10'],
  [20, 'level_20'],
  [50, 'level_50'],
];

/** Battles played that earn an achievement. */
export const BATTLE_ACHIEVEMENTS: readonly (readonly [battles: number, key: AchievementKey])[] = [
  [1, 'first_battle'],
  [10, 'battles_10'],
  [100, 'battles_100'],
];
