/**
 * The case catalog, generated from a fixed seed so every start (and every machine) gets the
 * same items, prices and ticket ranges. Pure: the cases domain stores it into tables on start.
 *
 * Pricing: each case picks cheap, middle and jackpot items around the value it aims at, gives
 * them ticket weights falling with price (w ~ price^-a, a solved so the expected value is
 * right), and its price is casePriceFor(expected value): the expected value plus core's
 * CASE_HOUSE_EDGE. Prices run from 1 to 22 coins (document 1 section 9).
 */
import {
  CASE_HOUSE_EDGE, STAR_PREFIX, TICKET_MAX, WEARS, casePriceFor, expectedValue, randomInt, randomPick, seededRandom, shuffled,
  type ItemRarity, type RandomSource, type TicketRange, type Wear,
} from '../../src/core/index.ts';
import { CASE_NAMES, RETIRED_CASE_NAMES, SKIN_ADJECTIVES, SKIN_NOUNS, WEAPONS, type Category } from './catalog-names.ts';

/** Changing it regenerates everything: existing cases would get new versions. */
export const CATALOG_SEED = 20_240_601;

/** Cheapest and dearest case in cents (document 1 section 9: 1 and 22 coins). */
export const CASE_PRICE_RANGE = { min: 100, max: 2_200 } as const;

/** An item as generated, before it has an id. */
export interface CatalogItem {
  key: string;
  name: string;
  weapon: string;
  skin: string;
  wear: Wear | null;
  type: Category;
  rarity: ItemRarity;
  /** Cents. */
  price: number;
}

/** A case as generated: its items by key with their ticket ranges, dearest first. */
export interface CatalogCase {
  key: string;
  name: string;
  /** Cents: casePriceFor(expected value of the slots). */
  price: number;
  deprecated: boolean;
  slots: { itemKey: string; price: number; range: TicketRange }[];
}

/** The whole generated catalog. */
export interface Catalog {
  items: CatalogItem[];
  cases: CatalogCase[];
}

const WEAR_ORDER = Object.keys(WEARS) as Wear[];
const WEAR_FACTOR: Record<Wear, number> = { FN: 1, MW: 0.78, FT: 0.6, WW: 0.5, BS: 0.42 };

// Grades each category comes in, with weights (CS2-like: knives and gloves are the gold tier).
const GRADES: Record<Category, [ItemRarity, number][]> = {
  knife: [['gold', 85], ['orange', 15]],
  gloves: [['gold', 85], ['orange', 15]],
  rifle: [['darker_blue', 30], ['purple', 30], ['pink', 22], ['red', 18]],
  sniper_rifle: [['light_blue', 15], ['darker_blue', 30], ['purple', 25], ['pink', 16], ['red', 14]],
  pistol: [['gray', 10], ['light_blue', 25], ['darker_blue', 30], ['purple', 20], ['pink', 10], ['red', 5]],
  smg: [['gray', 15], ['light_blue', 30], ['darker_blue', 30], ['purple', 18], ['pink', 7]],
  shotgun: [['gray', 20], ['light_blue', 35], ['darker_blue', 30], ['purple', 15]],
  machinegun: [['gray', 30], ['light_blue', 40], ['darker_blue', 30]],
  other: [['light_blue', 30], ['darker_blue', 30], ['purple', 25], ['pink', 15]],
};

// Factory New price band of each grade in cents, drawn log-uniformly.
const GRADE_PRICE: Record<ItemRarity, [number, number]> = {
  gray: [4, 20],
  light_blue: [10, 60],
  darker_blue: [30, 250],
  purple: [120, 1_200],
  pink: [500, 5_000],
  red: [2_500, 25_000],
  gold: [12_000, 90_000],
  orange: [60_000, 300_000],
};

const CATEGORY_FACTOR: Record<Category, number> = {
  knife: 1, gloves: 0.9, rifle: 1.4, sniper_rifle: 1.3, pistol: 0.9, smg: 0.7, shotgun: 0.6, machinegun: 0.5, other: 0.8,
};

const SKINS_PER_WEAPON: Record<Category, number> = {
  knife: 3, gloves: 3, rifle: 6, sniper_rifle: 5, pistol: 5, smg: 4, shotgun: 3, machinegun: 3, other: 5,
};

// What each case leans towards; cycled over the case list.
const THEMES: readonly (Category | 'mixed')[] = ['mixed', 'pistol', 'rifle', 'knife', 'smg', 'sniper_rifle', 'gloves', 'mixed', 'shotgun', 'rifle'];

/** A URL-safe key: lower-case words joined by dashes. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/★/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

function weighted<T>(random: RandomSource, options: readonly [T, number][]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

function logUniform(random: RandomSource, [low, high]: [number, number]): number {
  return Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low)));
}

function generateItems(random: RandomSource): CatalogItem[] {
  const items: CatalogItem[] = [];
  const usedSkins = new Set<string>();
  for (const [type, weapons] of Object.entries(WEAPONS) as [Category, (typeof WEAPONS)[Category]][]) {
    const special = type === 'knife' || type === 'gloves';
    for (const weapon of weapons) {
      for (let s = 0; s < SKINS_PER_WEAPON[type]; s++) {
        let skin: string;
        do skin = `${randomPick(random, SKIN_ADJECTIVES)} ${randomPick(random, SKIN_NOUNS)}`;
        while (usedSkins.has(`${weapon.name}|${skin}`));
        usedSkins.add(`${weapon.name}|${skin}`);
        const rarity = weighted(random, GRADES[type]);
        const base = logUniform(random, GRADE_PRICE[rarity]) * CATEGORY_FACTOR[type];
        const label = `${special ? STAR_PREFIX : ''}${weapon.name} | ${skin}`;
        if (weapon.wear === false) {
          items.push({ key: slug(`${weapon.name} ${skin}`), name: label, weapon: weapon.name, skin, wear: null, type, rarity, price: Math.max(3, Math.round(base)) });
          continue;
        }
        const span = randomInt(random, 2, 3);
        const first = randomInt(random, 0, WEAR_ORDER.length - span);
        for (const wear of WEAR_ORDER.slice(first, first + span)) {
          items.push({
            key: slug(`${weapon.name} ${skin} ${wear}`),
            name: `${label} (${WEARS[wear]})`,
            weapon: weapon.name,
            skin,
            wear,
            type,
            rarity,
            price: Math.max(3, Math.round(base * WEAR_FACTOR[wear])),
          });
        }
      }
    }
  }
  return items;
}

/** Target case prices: spread log-evenly over 1..22 coins, in 5-cent steps, ends exact. */
function targetPrices(count: number): number[] {
  const { min, max } = CASE_PRICE_RANGE;
  return Array.from({ length: count }, (_, i) => {
    const raw = min * (max / min) ** (i / (count - 1));
    return Math.min(max, Math.max(min, Math.round(raw / 5) * 5));
  });
}

// Picks up to `n` distinct items priced within [low, high], preferring the theme's category.
function pickBand(random: RandomSource, pool: readonly CatalogItem[], theme: Category | 'mixed', low: number, high: number, n: number, taken: Set<string>): CatalogItem[] {
  const inBand = pool.filter((item) => item.price >= low && item.price <= high && !taken.has(item.key));
  const themed = theme === 'mixed' ? [] : shuffled(random, inBand.filter((item) => item.type === theme));
  const chosen: CatalogItem[] = [];
  const seenSkins = new Set<string>();
  for (const item of [...themed, ...shuffled(random, inBand)]) {
    if (chosen.length === n) break;
    // One wear of a skin per case keeps the case page varied.
    const skin = `${item.weapon}|${item.skin}`;
    if (taken.has(item.key) || seenSkins.has(skin)) continue;
    seenSkins.add(skin);
    taken.add(item.key);
    chosen.push(item);
  }
  return chosen;
}

/**
 * Integer ticket counts summing to TICKET_MAX, each at least 1, with the expected value
 * as close to `targetEv` cents as whole tickets allow.
 */
export function ticketCounts(prices: readonly number[], targetEv: number): number[] {
  const min = Math.min(...prices);
  const mean = prices.reduce((a, b) => a + b, 0) / prices.length;
  if (!(min < targetEv && targetEv < mean)) throw new RangeError(`cannot reach ${targetEv} from prices ${min}..${mean}`);
  const evFor = (a: number) => {
    const w = prices.map((p) => p ** -a);
    const total = w.reduce((x, y) => x + y, 0);
    return prices.reduce((sum, p, i) => sum + (p * w[i]!) / total, 0);
  };
  let low = 0;
  let high = 40;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (evFor(mid) > targetEv) low = mid;
    else high = mid;
  }
  const weights = prices.map((p) => p ** -low);
  const total = weights.reduce((x, y) => x + y, 0);
  const free = TICKET_MAX - prices.length;
  const exact = weights.map((w) => (w / total) * free);
  const counts = exact.map((x) => 1 + Math.floor(x));
  let left = TICKET_MAX - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).toSorted((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left === 0) break;
    counts[i]! += 1;
    left -= 1;
  }
  return counts;
}

// Moves tickets between the cheapest item and the others until the price lands on target.
function settleOnPrice(prices: readonly number[], counts: number[], targetPrice: number): boolean {
  const cheapest = prices.indexOf(Math.min(...prices));
  const targetSum = targetPrice * (1 - CASE_HOUSE_EDGE) * TICKET_MAX;
  const order = prices.map((p, i) => [p, i] as const).filter(([p]) => p > prices[cheapest]!).toSorted((a, b) => a[0] - b[0]).map(([, i]) => i);
  for (let attempt = 0; attempt < 40; attempt++) {
    const sum = prices.reduce((s, p, i) => s + p * counts[i]!, 0);
    if (casePriceFor(sum / TICKET_MAX) === targetPrice) return true;
    const other = order[attempt % order.length]!;
    const step = prices[other]! - prices[cheapest]!;
    let move = Math.round((targetSum - sum) / step);
    // Positive moves tickets from the cheapest item to `other`; both keep at least one ticket.
    move = Math.max(-(counts[other]! - 1), Math.min(counts[cheapest]! - 1, move));
    counts[cheapest]! -= move;
    counts[other]! += move;
  }
  return false;
}

function generateCase(random: RandomSource, items: readonly CatalogItem[], name: string, targetPrice: number, theme: Category | 'mixed', deprecated: boolean): CatalogCase {
  const ev = targetPrice * (1 - CASE_HOUSE_EDGE);
  const taken = new Set<string>();
  const jackpotTheme = theme === 'knife' || theme === 'gloves' ? theme : randomPick(random, ['knife', 'gloves', 'mixed'] as const);
  const chosen = [
    ...pickBand(random, items, jackpotTheme, ev * 12, ev * 400, randomInt(random, 1, 3), taken),
    ...pickBand(random, items, theme, ev * 1.5, ev * 12, randomInt(random, 3, 5), taken),
    ...pickBand(random, items, theme, ev * 0.1, ev * 0.85, randomInt(random, 5, 8), taken),
  ].toSorted((a, b) => b.price - a.price || a.key.localeCompare(b.key));
  const prices = chosen.map((item) => item.price);
  const counts = ticketCounts(prices, ev);
  if (!settleOnPrice(prices, counts, targetPrice)) throw new Error(`case ${name}: could not price it at ${targetPrice}`);
  let next = 1;
  const slots = chosen.map((item, i) => {
    const range: TicketRange = [next, next + counts[i]! - 1];
    next += counts[i]!;
    return { itemKey: item.key, price: item.price, range };
  });
  return { key: slug(name), name: `${name} Case`, price: casePriceFor(expectedValue(slots)), deprecated, slots };
}

/** Generates the catalog from CATALOG_SEED: about 600 items and 50 cases, two of them deprecated. */
export function generateCatalog(seed: number = CATALOG_SEED): Catalog {
  const random = seededRandom(seed);
  const items = generateItems(random);
  const names = [...CASE_NAMES, ...RETIRED_CASE_NAMES];
  const targets = [...targetPrices(CASE_NAMES.length), ...RETIRED_CASE_NAMES.map((_, i) => targetPrices(5)[i + 1]!)];
  const cases = names.map((name, i) => generateCase(random, items, name, targets[i]!, THEMES[i % THEMES.length]!, i >= CASE_NAMES.length));
  return { items, cases };
}
