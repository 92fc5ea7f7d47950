// The math of a case's drop pool, from its items' prices and ticket ranges. The case page,
// the fairness worker and the sim-server's catalog all use it, so odds and prices agree.
import { TICKET_MAX, pickByTicket, type TicketRange } from './fair-ticket.ts';
import { CASE_EDGE_BP } from './games.ts';
import type { RandomSource } from './seeded-random.ts';

/**
 * The house edge every case is priced with: a case costs its expected value divided by
 * (1 - edge), so over many openings players get back 92% of what they pay in item value.
 * The game registry states it (8%).
 */
export const CASE_HOUSE_EDGE = CASE_EDGE_BP / 10_000;

/** An item of a case: its price in cents and the tickets that drop it. */
export type PoolItem = { readonly price: number; readonly range: TicketRange };

/** How many tickets a range holds. */
export function ticketCount([from, to]: TicketRange): number {
  return to - from + 1;
}

/** The chance (0..1) that one opening drops the item with this range. */
export function rangeOdds(range: TicketRange, max: number = TICKET_MAX): number {
  return ticketCount(range) / max;
}

/** Each item with its chance per opening, in the order given. */
export function poolOdds<T extends PoolItem>(items: readonly T[], max: number = TICKET_MAX): { item: T; odds: number }[] {
  return items.map((item) => ({ item, odds: rangeOdds(item.range, max) }));
}

/** The mean value of one opening in cents (not rounded). */
export function expectedValue(items: readonly PoolItem[], max: number = TICKET_MAX): number {
  return items.reduce((sum, item) => sum + item.price * ticketCount(item.range), 0) / max;
}

/** The price of a case whose expected value is `ev` cents: ev / (1 - edge), in whole cents. */
export function casePriceFor(ev: number, edge: number = CASE_HOUSE_EDGE): number {
  return Math.round(ev / (1 - edge));
}

/** The edge a price really keeps over an expected value: 0.08 means 8%. */
export function houseEdgeOf(price: number, ev: number): number {
  return 1 - ev / price;
}

/**
 * Cheapest, dearest and median drop in cents. The median is weighted by tickets: half of
 * all openings drop an item worth at most this much.
 */
export function priceSpread(items: readonly PoolItem[]): { min: number; max: number; median: number } {
  if (items.length === 0) throw new RangeError('an empty pool has no prices');
  const sorted = items.toSorted((a, b) => a.price - b.price);
  const total = sorted.reduce((sum, item) => sum + ticketCount(item.range), 0);
  let seen = 0;
  let median = sorted[sorted.length - 1]!.price;
  for (const item of sorted) {
    seen += ticketCount(item.range);
    if (seen * 2 >= total) {
      median = item.price;
      break;
    }
  }
  return { min: sorted[0]!.price, max: sorted[sorted.length - 1]!.price, median };
}

/** The chance (0..1) that one opening drops an item priced above `price` cents. */
export function oddsAbove(items: readonly PoolItem[], price: number, max: number = TICKET_MAX): number {
  // Summed fractions can land a hair above 1 (1.0000000000000002), which would make
  // 1 - (1 - odds) ** n swing around 1 as n grows; a chance never exceeds 1.
  return Math.min(1, items.filter((item) => item.price > price).reduce((sum, item) => sum + rangeOdds(item.range, max), 0));
}

/** The chance (0..1) of at least one item priced above `price` cents in `openings` openings. */
export function chanceOfAtLeastOneAbove(items: readonly PoolItem[], price: number, openings: number, max: number = TICKET_MAX): number {
  if (!Number.isSafeInteger(openings) || openings < 0) throw new RangeError(`openings must be a whole number, got ${openings}`);
  return 1 - (1 - oddsAbove(items, price, max)) ** openings;
}

/** How many openings a case page's random preview draws (document 1 section 9: 18). */
export const RANDOM_PREVIEW_COUNT = 18;

/** What a run of simulated openings dropped. */
export interface SimulatedOpenings<T> {
  drops: T[];
  /** Sum of the drops' prices in cents. */
  total: number;
  /** The dearest drop, or null after zero openings. */
  best: T | null;
}

/**
 * Simulates `openings` openings with a seeded source (seededRandom), for "what might I get"
 * previews. Each draw is a uniform ticket in 1..max picked by range, as a real roll is.
 */
export function simulateOpenings<T extends PoolItem>(items: readonly T[], openings: number, random: RandomSource, max: number = TICKET_MAX): SimulatedOpenings<T> {
  const drops: T[] = [];
  let total = 0;
  let best: T | null = null;
  for (let i = 0; i < openings; i++) {
    const ticket = Math.min(max, Math.floor(random() * max) + 1);
    const drop = pickByTicket(items, ticket);
    if (drop === null) throw new RangeError(`ticket ${ticket} belongs to no item: the ranges do not cover 1..${max}`);
    drops.push(drop);
    total += drop.price;
    if (best === null || drop.price > best.price) best = drop;
  }
  return { drops, total, best };
}
