/**
 * Account badges (document 1 section 3: user info.badge; section 7: account.badges and
 * account.set-badge). The spec shows neither the list nor how one is earned; this server's
 * rule (docs/decisions/0024): every achievement unlocks the badge of the same key, and a few
 * badges are granted by other parts of the product (partners to their referrals, staff).
 * A player shows at most one, beside the name.
 */
import { ACHIEVEMENTS, type AchievementKey } from './achievements.ts';
import type { RarityTier } from './rarity.ts';

/** One badge: how the client draws it and where it comes from. */
export interface Badge {
  key: string;
  title: string;
  rarity: RarityTier;
  /** 'achievement': held while the player holds the achievement of the same key; 'grant': written by a grant. */
  source: 'achievement' | 'grant';
  /** How a player gets it, as they read it. */
  how: string;
}

/** Badges that only a grant gives (account_badges rows): the referral badge partners hand out, staff's. */
export const GRANTED_BADGES = [
  { key: 'referral', title: 'Referred', rarity: 'low', source: 'grant', how: 'Joined through a partner who gives badges to referrals.' },
  { key: 'staff', title: 'Staff', rarity: 'gold', source: 'grant', how: 'Given to the arena staff.' },
] as const satisfies readonly Badge[];

/** Every badge: one per achievement, then the granted ones. */
export const BADGES: readonly Badge[] = [
  ...ACHIEVEMENTS.map((a): Badge => ({ key: a.key, title: a.title, rarity: a.rarity, source: 'achievement', how: a.rule })),
  ...GRANTED_BADGES,
];

/** A key of a badge only grants give. */
export type GrantedBadgeKey = (typeof GRANTED_BADGES)[number]['key'];

/** The badge of a key, or undefined for one this build does not know. */
export function badgeOf(key: string): Badge | undefined {
  return BADGES.find((b) => b.key === key);
}

/** Whether a badge comes with an achievement (its key is the achievement's). */
export function isAchievementBadge(key: string): key is AchievementKey {
  return badgeOf(key)?.source === 'achievement';
}

/** The most markers one player keeps: the assistant's scenarios and badges seen fit many times over. */
export const MAX_MARKERS = 200;
/** Markers of assistant scenarios start with this. */
export const ASSISTANT_MARKER_PREFIX = 'assistant_';
/** The assistant stops for a signed-in player holding more than this many assistant markers. */
export const ASSISTANT_MARKER_LIMIT = 5;

/** How many assistant markers a marks map holds. */
export function assistantMarkerCount(marks: Readonly<Record<string, number>>): number {
  return Object.keys(marks).filter((k) => k.startsWith(ASSISTANT_MARKER_PREFIX)).length;
}
