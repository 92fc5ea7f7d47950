import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CASE_HOUSE_EDGE, casePriceFor, chanceOfAtLeastOneAbove, expectedValue, houseEdgeOf, oddsAbove, poolOdds, priceSpread, rangeOdds,
  simulateOpenings, ticketCount,
} from '../../src/core/drop-pool.ts';
import { randomInt, randomPick, seedFromText, seededRandom, shuffled } from '../../src/core/seeded-random.ts';
import { validateRanges } from '../../src/core/fair-ticket.ts';

// A small pool: a knife at 0.1%, a rifle at 9.9%, a pistol at 90%.
const POOL = [
  { name: 'knife', price: 50_000, range: [1, 100] as const },
  { name: 'rifle', price: 1_000, range: [101, 10_000] as const },
  { name: 'pistol', price: 20, range: [10_001, 100_000] as const },
];

/** Any valid pool: ticket counts summing to 100000 with prices in cents. */
const pools = fc
  .array(fc.record({ weight: fc.integer({ min: 1, max: 1000 }), price: fc.integer({ min: 1, max: 500_000 }) }), { minLength: 1, maxLength: 20 })
  .map((parts) => {
    const total = parts.reduce((sum, p) => sum + p.weight, 0);
    let next = 1;
    return parts.map((part, i) => {
      // Leave at least one ticket for every item still to come, so the ranges always cover 1..100000.
      const room = 100_001 - next - (parts.length - 1 - i);
      const count = i === parts.length - 1 ? 100_001 - next : Math.min(room, Math.max(1, Math.floor((part.weight / total) * 100_000)));
      const range = [next, next + count - 1] as const;
      next += count;
      return { price: part.price, range };
    });
  })
  .filter((pool) => pool.every(({ range }) => range[0] <= range[1]) && validateRanges(pool) === null);

describe('odds and expected value', () => {
  test('odds come from the range sizes and add up to one', () => {
    expect(ticketCount([1, 100])).toBe(100);
    expect(rangeOdds([1, 100])).toBe(0.001);
    expect(poolOdds(POOL).map(({ item, odds }) => [item.name, odds])).toEqual([['knife', 0.001], ['rifle', 0.099], ['pistol', 0.9]]);
    fc.assert(fc.property(pools, (pool) => Math.abs(poolOdds(pool).reduce((sum, { odds }) => sum + odds, 0) - 1) < 1e-9));
  });

  test('the expected value is the odds-weighted price', () => {
    expect(expectedValue(POOL)).toBeCloseTo(50 + 99 + 18, 9);
    fc.assert(
      fc.property(pools, (pool) => {
        const prices = pool.map((p) => p.price);
        const ev = expectedValue(pool);
        return ev >= Math.min(...prices) - 1e-9 && ev <= Math.max(...prices) + 1e-9;
      }),
    );
  });

  test('a case is priced at its expected value plus the 8% house edge', () => {
    expect(CASE_HOUSE_EDGE).toBe(0.08);
    expect(casePriceFor(92)).toBe(100);
    expect(casePriceFor(expectedValue(POOL))).toBe(Math.round(167 / 0.92));
    expect(houseEdgeOf(100, 92)).toBeCloseTo(0.08, 12);
    fc.assert(fc.property(fc.integer({ min: 50, max: 1_000_000 }), (ev) => Math.abs(houseEdgeOf(casePriceFor(ev), ev) - CASE_HOUSE_EDGE) < 0.5 / casePriceFor(ev) + 1e-12));
  });
});

describe('price spread', () => {
  test('min, max and the ticket-weighted median', () => {
    expect(priceSpread(POOL)).toEqual({ min: 20, max: 50_000, median: 20 });
    const even = [
      { price: 10, range: [1, 50_000] as const },
      { price: 30, range: [50_001, 100_000] as const },
    ];
    expect(priceSpread(even).median).toBe(10);
    expect(() => priceSpread([])).toThrow(/empty pool/);
  });
});

describe('the chance of something above a price', () => {
  test('one opening: the odds of the dearer items; n openings: 1 - (1 - p)^n', () => {
    expect(oddsAbove(POOL, 999)).toBeCloseTo(0.1, 12);
    expect(oddsAbove(POOL, 1_000)).toBeCloseTo(0.001, 12);
    expect(chanceOfAtLeastOneAbove(POOL, 999, 0)).toBe(0);
    expect(chanceOfAtLeastOneAbove(POOL, 999, 1)).toBeCloseTo(0.1, 12);
    expect(chanceOfAtLeastOneAbove(POOL, 999, 10)).toBeCloseTo(1 - 0.9 ** 10, 12);
    expect(chanceOfAtLeastOneAbove(POOL, 50_000, 100)).toBe(0);
    expect(() => chanceOfAtLeastOneAbove(POOL, 0, -1)).toThrow(/openings must be a whole number/);
  });

  test('more openings never lower the chance', () => {
    fc.assert(
      fc.property(pools, fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 99 }), (pool, price, n) =>
        chanceOfAtLeastOneAbove(pool, price, n + 1) >= chanceOfAtLeastOneAbove(pool, price, n)),
    );
  });
});

describe('simulated openings', () => {
  test('the same seed gives the same drops', () => {
    const a = simulateOpenings(POOL, 50, seededRandom(7));
    const b = simulateOpenings(POOL, 50, seededRandom(7));
    expect(a).toEqual(b);
    expect(a.total).toBe(a.drops.reduce((sum, d) => sum + d.price, 0));
    expect(a.best!.price).toBe(Math.max(...a.drops.map((d) => d.price)));
    expect(simulateOpenings(POOL, 0, seededRandom(7))).toEqual({ drops: [], total: 0, best: null });
  });

  test('over many openings each item drops about as often as its odds say', () => {
    const { drops } = simulateOpenings(POOL, 200_000, seededRandom(2024));
    const share = (name: string) => drops.filter((d) => d.name === name).length / drops.length;
    expect(share('pistol')).toBeCloseTo(0.9, 2);
    expect(share('rifle')).toBeCloseTo(0.099, 2);
    expect(share('knife')).toBeGreaterThan(0.0005);
    expect(share('knife')).toBeLessThan(0.0015);
  });

  test('a pool with a gap is refused instead of dropping nothing', () => {
    const gappy = [{ price: 1, range: [1, 10] as const }];
    expect(() => simulateOpenings(gappy, 100, seededRandom(1))).toThrow(/belongs to no item/);
  });
});

describe('the seeded random source', () => {
  test('the same seed repeats the sequence; numbers stay in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = seededRandom(seed);
        const b = seededRandom(seed);
        for (let i = 0; i < 20; i++) {
          const x = a();
          if (x !== b() || x < 0 || x >= 1) return false;
        }
        return true;
      }),
    );
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  test('text seeds, ints, picks and shuffles are stable and in bounds', () => {
    expect(seedFromText('neon-nights')).toBe(seedFromText('neon-nights'));
    expect(seedFromText('neon-nights')).not.toBe(seedFromText('neon-night'));
    const random = seededRandom(3);
    for (let i = 0; i < 1000; i++) {
      const n = randomInt(random, 2, 4);
      expect(n >= 2 && n <= 4 && Number.isInteger(n)).toBe(true);
    }
    expect(['a', 'b']).toContain(randomPick(random, ['a', 'b']));
    expect(() => randomPick(random, [])).toThrow(/empty list/);
    const list = [...Array(30).keys()];
    const mixed = shuffled(seededRandom(9), list);
    expect(mixed.toSorted((a, b) => a - b)).toEqual(list);
    expect(mixed).not.toEqual(list);
    expect(shuffled(seededRandom(9), list)).toEqual(mixed);
  });
});
