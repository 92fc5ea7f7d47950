import { describe, expect, test } from 'vitest';
import {
  ITEM_RARITIES,
  ITEM_RARITY_STYLE,
  RARITY_TIER_STYLE,
  WEARS,
  hasStar,
  priceRarity,
  tierForStars,
  toItemRarity,
  wearAbbreviation,
  withStar,
  withoutStar,
} from '../../src/core/rarity.ts';

describe('reward tiers', () => {
  test('tier colours are the spec RGB values', () => {
    expect(RARITY_TIER_STYLE.ultra.rgb).toEqual([255, 129, 8]);
    expect(RARITY_TIER_STYLE.gold.rgb).toEqual([229, 191, 38]);
    expect(RARITY_TIER_STYLE.high.rgb).toEqual([217, 28, 43]);
    expect(RARITY_TIER_STYLE.medium.rgb).toEqual([220, 107, 252]);
    expect(RARITY_TIER_STYLE.low.rgb).toEqual([143, 143, 143]);
  });

  test('star counts run low 1 to ultra 5 and map back to their tier', () => {
    expect([1, 2, 3, 4, 5].map(tierForStars)).toEqual(['low', 'medium', 'high', 'gold', 'ultra']);
    expect(tierForStars(6)).toBeNull();
  });
});

describe('item rarities', () => {
  test('names run gray to orange', () => {
    expect(ITEM_RARITIES).toEqual(['gray', 'light_blue', 'darker_blue', 'purple', 'pink', 'red', 'gold', 'orange']);
  });

  test('gold and red sound high, pink and purple middle, blues and gray low', () => {
    const sounds = Object.fromEntries(ITEM_RARITIES.map((rarity) => [rarity, ITEM_RARITY_STYLE[rarity].sound]));
    expect(sounds).toMatchObject({ gold: 'high', red: 'high', pink: 'middle', purple: 'middle', light_blue: 'low', darker_blue: 'low', gray: 'low' });
  });

  test('orange takes the ultra colour', () => {
    expect(ITEM_RARITY_STYLE.orange.rgb).toEqual([255, 129, 8]);
  });

  test('ultra maps to orange and unknown names to gray', () => {
    expect(toItemRarity('ultra')).toBe('orange');
    expect(toItemRarity('pink')).toBe('pink');
    expect(toItemRarity('mythic')).toBe('gray');
  });
});

describe('priceRarity', () => {
  test('an inflated price above 10000 shows gold and above 50000 orange', () => {
    expect(priceRarity(10_001, 'gray')).toBe('gold');
    expect(priceRarity(50_001, 'purple')).toBe('orange');
  });

  test('the bounds themselves keep the item rarity', () => {
    expect(priceRarity(10_000, 'gray')).toBe('gray');
    expect(priceRarity(50_000, 'gray')).toBe('gold');
  });

  test('a price never lowers a rarer item', () => {
    expect(priceRarity(20_000, 'orange')).toBe('orange');
    expect(priceRarity(5, 'red')).toBe('red');
  });
});

describe('item names', () => {
  test('wear abbreviations have their full names and back', () => {
    expect(WEARS).toEqual({ FN: 'Factory New', MW: 'Minimal Wear', FT: 'Field-Tested', WW: 'Well-Worn', BS: 'Battle-Scarred' });
    expect(wearAbbreviation('Field-Tested')).toBe('FT');
    expect(wearAbbreviation('Brand New')).toBeNull();
  });

  test('the star prefix is added once and removed cleanly', () => {
    expect(withStar('Karambit | Doppler')).toBe('★ Karambit | Doppler');
    expect(withStar('★ Karambit | Doppler')).toBe('★ Karambit | Doppler');
    expect(hasStar('★ Sport Gloves')).toBe(true);
    expect(hasStar('AK-47 | Redline')).toBe(false);
    expect(withoutStar('★ Sport Gloves')).toBe('Sport Gloves');
    expect(withoutStar('AK-47 | Redline')).toBe('AK-47 | Redline');
  });
});
