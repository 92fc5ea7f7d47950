/**
 * The Battle Pass (document 1 sections 1, 3, 9; docs/decisions/0025): a 90-day season of 30
 * tiers, 1,000 season experience each, with a free and a premium reward per tier. Pure: the
 * server pays from it, the page draws it.
 */
import type { RarityTier } from './rarity.ts';

/** Tiers per season. */
export const BP_TIERS = 30;
/** Season experience per tier. */
export const BP_EXP_PER_TIER = 1_000;
/** A season's length (ms): the same 90 days the season ranks count in. */
export const BP_SEASON_MS = 90 * 86_400_000;
/** Season numbers shown to players count from the season that held 1 January 2026. */
export const BP_FIRST_SEASON = Math.floor(Date.UTC(2026, 0, 1) / BP_SEASON_MS);

/** The pass (premium track) and the upgrade (the pass plus tiers ahead), in cents. */
export const BP_PRICES = { buy: 999, upgrade: 1_499 } as const;
/** Tiers the upgrade adds on top of the season experience. */
export const BP_UPGRADE_TIERS = 5;

/** A purchase: the pass, or its upgrade (which needs the pass). */
export type BpPurchase = keyof typeof BP_PRICES;
/** The two tracks of every tier. */
export const BP_TRACKS = ['free', 'premium'] as const;
export type BpTrack = (typeof BP_TRACKS)[number];

/** Card kinds of document 1 section 3. */
export const CARD_KINDS = ['booster', 'case', 'free_coins', 'free_case', 'action', 'avatar_unpack', 'pattern_unpack', 'reactions', 'emojis', 'customize'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** What a tier pays on one track: a card of a kind, rarity and level requirement. */
export interface BpReward {
  kind: CardKind;
  rarity: RarityTier;
  name: string;
  /** Account level the card needs to be activated (document 1 section 5: locked below it). */
  level: number;
  /** free_coins: cents; case: the dearest case price it may open (cents). */
  amount?: number;
  /** A booster card's kind; avatar, nickname or rain-spoiler for one-off cards. */
  detail?: string;
}

/** The hash of the reaction bundle a reactions card unlocks. */
export const REACTION_CARD_BUNDLE = 'SF0000000011';
/** The hash of the chat emoji pack an emojis card unlocks (sim-server/domains/chat/emoji-packs.ts). */
export const EMOJI_CARD_BUNDLE = 'SF0000000110';

/** The season number a moment falls in (the same count as the season ranks). */
export function bpSeasonAt(now: number): number {
  return Math.floor(now / BP_SEASON_MS);
}

/** A season's start and end (ms). */
export function bpSeasonBounds(season: number): { from: number; to: number } {
  return { from: season * BP_SEASON_MS, to: (season + 1) * BP_SEASON_MS };
}

/** The number players see (Season 1 is the one that held 1 January 2026). */
export function bpSeasonLabel(season: number): number {
  return Math.max(1, season - BP_FIRST_SEASON + 1);
}

/** Tiers reached with this much season experience (and the upgrade's head start): 0..30. */
export function bpTierOf(seasonExp: number, upgraded = false): number {
  const earned = Math.floor(Math.max(0, seasonExp) / BP_EXP_PER_TIER);
  return Math.min(BP_TIERS, earned + (upgraded ? BP_UPGRADE_TIERS : 0));
}

/** A tier's rarity: Low for the first third, then Medium, High, Gold, and Ultra for the last. */
export function bpTierRarity(tier: number): RarityTier {
  if (tier >= BP_TIERS) return 'ultra';
  if (tier >= 25) return 'gold';
  if (tier >= 18) return 'high';
  if (tier >= 10) return 'medium';
  return 'low';
}

const COINS_BY_RARITY: Readonly<Record<RarityTier, number>> = { low: 25, medium: 50, high: 100, gold: 250, ultra: 1_000 };
const CASE_BY_RARITY: Readonly<Record<RarityTier, number>> = { low: 200, medium: 500, high: 1_000, gold: 1_500, ultra: 2_200 };
const BOOSTERS = ['xp_multiplier', 'battle_refund', 'rain_boost', 'deposit_bonus'] as const;

/** The reward of a tier on a track (tiers 1..30). */
export function bpReward(tier: number, track: BpTrack): BpReward {
  const rarity = bpTierRarity(tier);
  // A card needs half its tier in account levels: the climber always has them (tier 30 is
  // 30,000 season experience, level 17), a newcomer handed a late card by gift code does not.
  const level = Math.max(1, Math.ceil(tier / 2));
  if (track === 'free') {
    // One-off cards on a few free tiers: the nickname, an own avatar, the next rain's time.
    if (tier === 3) return { kind: 'customize', rarity, name: 'Nickname card', level, detail: 'nickname' };
    if (tier === 8) return { kind: 'customize', rarity, name: 'Avatar card', level, detail: 'avatar' };
    if (tier === 12) return { kind: 'action', rarity, name: 'Rain spoiler', level, detail: 'rain-spoiler' };
    // The battle reaction bundle only a card unlocks (sim-server/domains/battles/reactions.ts CARD_BUNDLES).
    if (tier === 18) return { kind: 'reactions', rarity, name: 'Reaction pack', level, detail: REACTION_CARD_BUNDLE };
    // The chat emoji pack only a card unlocks (docs/decisions/0034).
    if (tier === 22) return { kind: 'emojis', rarity, name: 'Emoji pack', level, detail: EMOJI_CARD_BUNDLE };
    if (tier % 5 === 0) return { kind: 'case', rarity, name: 'Case card', level, amount: CASE_BY_RARITY[rarity] };
    return { kind: 'free_coins', rarity, name: 'Coins card', level, amount: COINS_BY_RARITY[rarity] };
  }
  switch (tier % 4) {
    case 1:
      return { kind: 'free_coins', rarity, name: 'Coins card', level, amount: COINS_BY_RARITY[rarity] * 2 };
    case 2:
      // Every other pack tier (6, 14, 22, 30) is a profile pattern pack (docs/decisions/0034).
      return tier % 8 === 6 ? { kind: 'pattern_unpack', rarity, name: 'Pattern pack', level } : { kind: 'avatar_unpack', rarity, name: 'Avatar pack', level };
    case 3:
      return { kind: 'booster', rarity, name: 'Booster card', level, detail: BOOSTERS[Math.floor(tier / 4) % BOOSTERS.length]! };
    default:
      return { kind: 'case', rarity, name: 'Case card', level, amount: CASE_BY_RARITY[rarity] };
  }
}

/** The whole season's scheme: tier, experience it needs, and both rewards. */
export function bpScheme(): { tier: number; exp: number; free: BpReward; premium: BpReward }[] {
  return Array.from({ length: BP_TIERS }, (_, i) => ({ tier: i + 1, exp: (i + 1) * BP_EXP_PER_TIER, free: bpReward(i + 1, 'free'), premium: bpReward(i + 1, 'premium') }));
}
