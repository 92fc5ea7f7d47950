/**
 * What avatar and pattern packs unpack into (document 1 sections 3, 4, 9; docs/decisions/0025,
 * 0034): the 20 avatars and 8 profile patterns, each with a rarity (star count) and odds. The
 * roulette shows a pool of 20 drawn by these odds with the reward placed where the wheel stops.
 */
import { RARITY_TIER_STYLE, type RarityTier } from './rarity.ts';

/** An avatar or pattern a card can unpack into. */
export interface CardResource {
  hash: string;
  type: 'avatar' | 'pattern';
  name: string;
  rarity: RarityTier;
  stars: number;
  /** Weight out of the pool's total. */
  odds: number;
  image: string;
}

const AVATAR_NAMES = [
  'Rookie', 'Scout', 'Drifter', 'Ranger', 'Mechanic', 'Sentinel', 'Runner', 'Nomad',
  'Hunter', 'Warden', 'Corsair', 'Phantom', 'Raider',
  'Vanguard', 'Marshal', 'Spectre', 'Duelist',
  'Warlord', 'Oracle',
  'Sovereign',
];
const ODDS: Readonly<Record<RarityTier, number>> = { low: 120, medium: 50, high: 20, gold: 6, ultra: 2 };

function rarityOfAvatar(index: number): RarityTier {
  if (index < 8) return 'low';
  if (index < 13) return 'medium';
  if (index < 17) return 'high';
  if (index < 19) return 'gold';
  return 'ultra';
}

/** The avatars a pack may hold. */
export const AVATAR_RESOURCES: readonly CardResource[] = AVATAR_NAMES.map((name, index) => {
  const rarity = rarityOfAvatar(index);
  return { hash: `avatar_${index}`, type: 'avatar', name, rarity, stars: RARITY_TIER_STYLE[rarity].stars, odds: ODDS[rarity], image: `/avatars/default/${index}.svg` };
});

const PATTERN_NAMES = ['Grid', 'Slate', 'Rivets', 'Chevron', 'Tide', 'Hive', 'Circuit', 'Diamond'];

function rarityOfPattern(index: number): RarityTier {
  if (index < 3) return 'low';
  if (index < 5) return 'medium';
  if (index < 6) return 'high';
  if (index < 7) return 'gold';
  return 'ultra';
}

/**
 * The profile patterns a pattern pack may hold (docs/decisions/0034): a tile the profile's
 * header repeats behind the player's name once applied.
 */
export const PATTERN_RESOURCES: readonly CardResource[] = PATTERN_NAMES.map((name, index) => {
  const rarity = rarityOfPattern(index);
  return { hash: `pattern_${index}`, type: 'pattern', name, rarity, stars: RARITY_TIER_STYLE[rarity].stars, odds: ODDS[rarity], image: `/patterns/${index}.svg` };
});

/** Every avatar and pattern, for lookups by hash. */
export const CARD_RESOURCES: readonly CardResource[] = [...AVATAR_RESOURCES, ...PATTERN_RESOURCES];

/** Entries on the unpack roulette (document 1 section 9: the pool is filled to 20). */
export const ROULETTE_POOL = 20;

/** Draws one resource by odds from a uniform number in [0, 1). */
export function pickResource(pool: readonly CardResource[], unit: number): CardResource {
  const total = pool.reduce((sum, r) => sum + r.odds, 0);
  let ticket = Math.min(Math.max(unit, 0), 0.999_999_999) * total;
  for (const resource of pool) {
    if (ticket < resource.odds) return resource;
    ticket -= resource.odds;
  }
  return pool[pool.length - 1]!;
}

/**
 * The reward modal's timings by star count (document 1 sections 4 and 9): one star fast, two
 * medium, three to five slow; sparks from three stars.
 */
export function rewardModalTiming(stars: number): { opacityMs: number; filterMs: number; buttonMs: number; sparks: boolean } {
  if (stars <= 1) return { opacityMs: 150, filterMs: 400, buttonMs: 600, sparks: false };
  if (stars === 2) return { opacityMs: 300, filterMs: 700, buttonMs: 1_000, sparks: false };
  return { opacityMs: 300, filterMs: 1_000, buttonMs: 1_500, sparks: true };
}

/** The item rarity the roulette colours a reward tier with (the tier colours are the item ones). */
export const TIER_ITEM_RARITY = { low: 'gray', medium: 'pink', high: 'red', gold: 'gold', ultra: 'orange' } as const;

/**
 * A resource as a roulette card (the pack modal and the bench draw the same): its art, and
 * its tier as the item rarity of the same colour.
 */
export function packRouletteItem(resource: Pick<CardResource, 'hash' | 'image' | 'name' | 'rarity'>): { hash: string; image: string; name: string; rarity: string } {
  return { hash: resource.hash, image: resource.image, name: resource.name, rarity: TIER_ITEM_RARITY[resource.rarity] ?? 'gray' };
}
