// Rarity names, colours and item-name conventions (document 1 section 9, document 2 section 9).
// Items carry the colour of the arena's look, so the canvas, the DOM and sounds agree here.

/** An RGB colour as three 0..255 channels. */
export type Rgb = readonly [red: number, green: number, blue: number];

/** Reward tiers (Battle Pass, cards, resources), lowest first. */
export const RARITY_TIERS = ['low', 'medium', 'high', 'gold', 'ultra'] as const;

/** A reward tier. */
export type RarityTier = (typeof RARITY_TIERS)[number];

/** Colour and star count of each reward tier (stars: low 1 .. ultra 5). */
export const RARITY_TIER_STYLE: Readonly<Record<RarityTier, { rgb: Rgb; stars: number }>> = {
  low: { rgb: [143, 143, 143], stars: 1 },
  medium: { rgb: [220, 107, 252], stars: 2 },
  high: { rgb: [217, 28, 43], stars: 3 },
  gold: { rgb: [229, 191, 38], stars: 4 },
  ultra: { rgb: [255, 129, 8], stars: 5 },
};

/** The reward tier with a star count (1..5), or null for any other count. */
export function tierForStars(stars: number): RarityTier | null {
  return RARITY_TIERS.find((tier) => RARITY_TIER_STYLE[tier].stars === stars) ?? null;
}

/** Item rarity names, lowest first. */
export const ITEM_RARITIES = ['gray', 'light_blue', 'darker_blue', 'purple', 'pink', 'red', 'gold', 'orange'] as const;

/** An item rarity name. */
export type ItemRarity = (typeof ITEM_RARITIES)[number];

/** How loud a reveal sounds for a rarity. */
export type RaritySoundLevel = 'low' | 'middle' | 'high';

/**
 * Colour and reveal sound of each item rarity. Orange, gold, red, pink and gray reuse the tier
 * colours (ultra maps to orange); the spec gives no colour for purple and the blues, so they take
 * CS2's grade colours. The spec names no sound for orange; as the top rarity it sounds high.
 */
export const ITEM_RARITY_STYLE: Readonly<Record<ItemRarity, { rgb: Rgb; sound: RaritySoundLevel }>> = {
  gray: { rgb: RARITY_TIER_STYLE.low.rgb, sound: 'low' },
  light_blue: { rgb: [94, 152, 217], sound: 'low' },
  darker_blue: { rgb: [75, 105, 255], sound: 'low' },
  purple: { rgb: [136, 71, 255], sound: 'middle' },
  pink: { rgb: RARITY_TIER_STYLE.medium.rgb, sound: 'middle' },
  red: { rgb: RARITY_TIER_STYLE.high.rgb, sound: 'high' },
  gold: { rgb: RARITY_TIER_STYLE.gold.rgb, sound: 'high' },
  orange: { rgb: RARITY_TIER_STYLE.ultra.rgb, sound: 'high' },
};

/** A drop's rarity from any server name: known names pass, "ultra" is orange, anything else gray. */
export function toItemRarity(name: string): ItemRarity {
  if (name === 'ultra') return 'orange';
  return ITEM_RARITIES.find((rarity) => rarity === name) ?? 'gray';
}

/** Inflated price (cents) above which an item shows at least gold. */
export const GOLD_PRICE = 10_000;

/** Inflated price (cents) above which an item shows orange. */
export const ORANGE_PRICE = 50_000;

/** Rarity shown for an item: an inflated price above 10000 lifts it to gold, above 50000 to orange; never lowered. */
export function priceRarity(inflatedPrice: number, rarity: ItemRarity): ItemRarity {
  const byPrice: ItemRarity = inflatedPrice > ORANGE_PRICE ? 'orange' : inflatedPrice > GOLD_PRICE ? 'gold' : 'gray';
  return ITEM_RARITIES.indexOf(byPrice) > ITEM_RARITIES.indexOf(rarity) ? byPrice : rarity;
}

/** Wear abbreviations and their full names, best condition first. */
export const WEARS = {
  FN: 'Factory New',
  MW: 'Minimal Wear',
  FT: 'Field-Tested',
  WW: 'Well-Worn',
  BS: 'Battle-Scarred',
} as const;

/** A wear abbreviation. */
export type Wear = keyof typeof WEARS;

/** The abbreviation of a full wear name ("Field-Tested" -> "FT"), or null when unknown. */
export function wearAbbreviation(fullName: string): Wear | null {
  return (Object.keys(WEARS) as Wear[]).find((wear) => WEARS[wear] === fullName) ?? null;
}

/** Prefix that marks special items (knives and gloves) in item names. */
export const STAR_PREFIX = '★ ';

/** Whether an item name carries the star prefix. */
export function hasStar(name: string): boolean {
  return name.startsWith(STAR_PREFIX);
}

/** An item name with the star prefix, added once. */
export function withStar(name: string): string {
  return hasStar(name) ? name : STAR_PREFIX + name;
}

/** An item name without the star prefix, for sorting and searching. */
export function withoutStar(name: string): string {
  return hasStar(name) ? name.slice(STAR_PREFIX.length) : name;
}
