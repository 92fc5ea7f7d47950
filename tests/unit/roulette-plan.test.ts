import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ITEM_RARITIES } from '../../src/core/rarity.ts';
import { seededRandom } from '../../src/core/seeded-random.ts';
import {
  easeInOut,
  easeOut,
  easeOutInverse,
  fillPool,
  indexAt,
  markerAt,
  phaseAt,
  planRoulette,
  positionAt,
  ROULETTE,
  rouletteScale,
  sparkCount,
  visibleRange,
  type RoulettePlanInput,
} from '../../src/gfx/roulette-plan.ts';

type Card = { hash: string; rarity: string };

const pool: Card[] = [
  { hash: 'SF1', rarity: 'gray' },
  { hash: 'SF2', rarity: 'light_blue' },
  { hash: 'SF3', rarity: 'purple' },
  { hash: 'SF4', rarity: 'pink' },
  { hash: 'SF5', rarity: 'red' },
  { hash: 'SF6', rarity: 'gold' },
];
const winner: Card = { hash: 'SF7', rarity: 'orange' };

function plan(overrides: Partial<RoulettePlanInput<Card>> = {}, seed = 1) {
  return planRoulette({ winner, pool, viewportWidth: 1200, random: seededRandom(seed), ...overrides });
}

const EPS = 1e-9;

describe('the roulette plan', () => {
  test('a pool is repeated in order to 20 entries; a longer one is kept; an empty one is refused', () => {
    expect(fillPool(['a', 'b', 'c']).join('')).toBe('abcabcabcabcabcabcab');
    expect(fillPool(Array.from({ length: 25 }, (_, i) => i))).toHaveLength(25);
    expect(() => fillPool([])).toThrow(RangeError);
  });

  test('the scale follows the window from 1920 px down to half size', () => {
    expect(rouletteScale(1920)).toBe(1);
    expect(rouletteScale(2560)).toBe(1);
    expect(rouletteScale(1440)).toBe(0.75);
    expect(rouletteScale(375)).toBe(0.5);
    expect(rouletteScale(0)).toBe(1);
  });

  test('for any seed, viewport and scale the strip ends exactly centred on the winner, which the plan put there', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 200, max: 3840 }), fc.double({ min: 0.5, max: 1, noNaN: true }), fc.boolean(), (seed, viewportWidth, scale, fast) => {
        const p = plan({ viewportWidth, scale, fast }, seed);
        expect(p.strip[p.landingIndex]).toBe(winner);
        expect(p.strip.filter((card) => card === winner)).toHaveLength(1);
        expect(p.itemWidth).toBeCloseTo(178 * scale, 12);
        const end = positionAt(p, p.totalMs);
        expect(end).toBe(p.endX);
        expect(positionAt(p, p.totalMs + 10_000)).toBe(p.endX);
        // The winner card's centre sits on the viewport's centre.
        expect(Math.abs(end + (p.landingIndex + 0.5) * p.itemWidth - viewportWidth / 2)).toBeLessThan(EPS * viewportWidth);
        expect(indexAt(p, p.totalMs)).toBe(p.landingIndex);
        // When the spin stops, the marker is already inside the winner's card, away from its edges.
        expect(indexAt(p, p.spinMs)).toBe(p.landingIndex);
        const offset = markerAt(p, p.spinMs) - p.landingIndex * p.itemWidth;
        expect(offset).toBeCloseTo(p.landingOffset, 6);
        expect(offset).toBeGreaterThanOrEqual((0.5 - ROULETTE.landingSpread) * p.itemWidth - EPS);
        expect(offset).toBeLessThanOrEqual((0.5 + ROULETTE.landingSpread) * p.itemWidth + EPS);
      }),
      { numRuns: 500 },
    );
  });

  test('the travel is 4000-5000 px times the scale, and the strip covers the viewport at the start and at the end', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 200, max: 3840 }), fc.double({ min: 0.5, max: 1, noNaN: true }), (seed, viewportWidth, scale) => {
        const p = plan({ viewportWidth, scale }, seed);
        expect(p.travel).toBeGreaterThanOrEqual(4000 * scale - EPS);
        expect(p.travel).toBeLessThanOrEqual(5000 * scale + EPS);
        expect(p.startX - p.spinEndX).toBeCloseTo(p.travel, 6);
        for (const x of [p.startX, p.endX]) {
          expect(x).toBeLessThanOrEqual(0);
          expect(x + p.strip.length * p.itemWidth).toBeGreaterThanOrEqual(viewportWidth);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('5 s spin and 1 s settle; fast and the server duration shorten it', () => {
    expect(plan()).toMatchObject({ spinMs: 5_000, settleMs: 1_000, totalMs: 6_000 });
    expect(plan({ fast: true })).toMatchObject({ spinMs: 2_000, settleMs: 400, totalMs: 2_400 });
    expect(plan({ durationMs: 3_000 })).toMatchObject({ spinMs: 3_000, settleMs: 1_000 });
    expect(plan({ fast: true, durationMs: 2_000 })).toMatchObject({ spinMs: 2_000, settleMs: 400 });
  });

  test('the strip only moves forward while spinning, slows to a stop, then settles monotonically to the centre', () => {
    for (let seed = 0; seed < 50; seed++) {
      const p = plan({}, seed);
      let last = positionAt(p, 0);
      let lastStep = Number.POSITIVE_INFINITY;
      for (let t = 16; t <= p.spinMs; t += 16) {
        const x = positionAt(p, t);
        const step = last - x;
        expect(step).toBeGreaterThanOrEqual(0);
        expect(step).toBeLessThanOrEqual(lastStep + EPS);
        last = x;
        lastStep = step;
      }
      const direction = Math.sign(p.endX - p.spinEndX);
      let previous = positionAt(p, p.spinMs);
      for (let t = p.spinMs; t <= p.totalMs; t += 10) {
        const x = positionAt(p, t);
        expect((x - previous) * direction).toBeGreaterThanOrEqual(-EPS);
        previous = x;
      }
      expect(phaseAt(p, 0)).toBe('spinning');
      expect(phaseAt(p, p.spinMs + 1)).toBe('settling');
      expect(phaseAt(p, p.totalMs)).toBe('settled');
    }
  });

  test('ticks fall when a card edge passes the marker, in order, one per card crossed', () => {
    const p = plan({}, 99);
    expect(p.ticks).toHaveLength(p.landingIndex - p.startIndex);
    expect(p.ticks.map((tick) => tick.index)).toEqual(Array.from({ length: p.ticks.length }, (_, i) => p.startIndex + 1 + i));
    const times = p.ticks.map((tick) => tick.atMs);
    expect(times).toEqual(times.toSorted((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    for (const tick of p.ticks) {
      expect(tick.atMs).toBeLessThan(p.spinMs);
      expect(indexAt(p, tick.atMs - 0.01)).toBe(tick.index - 1);
      expect(indexAt(p, tick.atMs + 0.01)).toBe(tick.index);
    }
    // Fast at first, sparse at the end: the ease-out.
    const firstHalf = p.ticks.filter((tick) => tick.atMs < p.spinMs / 2).length;
    expect(firstHalf).toBeGreaterThan(p.ticks.length * 0.75);
  });

  test('reduced motion shows the winner centred at once: no travel, no ticks, no sparks, instant settle', () => {
    const p = plan({ reducedMotion: true });
    expect(p).toMatchObject({ travel: 0, spinMs: 0, settleMs: 0, totalMs: 0, ticks: [], sparks: 0 });
    expect(positionAt(p, 0)).toBe(p.endX);
    expect(positionAt(p, 500)).toBe(p.endX);
    expect(indexAt(p, 0)).toBe(p.landingIndex);
    expect(p.strip[p.landingIndex]).toBe(winner);
    expect(phaseAt(p, 0)).toBe('settled');
  });

  test('sparks by rarity, none in performance mode; the reveal sound follows the rarity', () => {
    expect(ITEM_RARITIES.map((rarity) => sparkCount(rarity))).toEqual([0, 0, 0, 0, 0, 18, 30, 44]);
    expect(ITEM_RARITIES.map((rarity) => sparkCount(rarity, true))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(plan()).toMatchObject({ rarity: 'orange', sound: 'high', sparks: 44 });
    expect(plan({ performance: true }).sparks).toBe(0);
    expect(plan({ winner: { hash: 'SF8', rarity: 'purple' } })).toMatchObject({ sound: 'middle', sparks: 0 });
    expect(plan({ winner: { hash: 'SF9', rarity: 'nonsense' } })).toMatchObject({ rarity: 'gray', sound: 'low' });
  });

  test('the same seed gives the same strip; the seed never changes the winner', () => {
    const a = plan({}, 5);
    const b = plan({}, 5);
    const c = plan({}, 6);
    expect(b).toEqual(a);
    expect(c.strip.map((card) => card.hash)).not.toEqual(a.strip.map((card) => card.hash));
    expect(c.strip[c.landingIndex]).toBe(winner);
  });

  test('visible cards are the ones overlapping the viewport', () => {
    const p = plan({ viewportWidth: 1000 });
    const start = visibleRange(p, p.startX);
    expect(start.first).toBe(0);
    expect((start.last + 1) * p.itemWidth + p.startX).toBeGreaterThanOrEqual(1000);
    const end = visibleRange(p, p.endX);
    expect(end.first).toBeLessThanOrEqual(p.landingIndex);
    expect(end.last).toBe(Math.min(p.strip.length - 1, Math.ceil((1000 - p.endX) / p.itemWidth) - 1));
  });

  test('the curves start at 0, end at 1 and the inverse undoes the ease', () => {
    expect([easeOut(0), easeOut(1), easeInOut(0), easeInOut(1), easeInOut(0.5)]).toEqual([0, 1, 0, 1, 0.5]);
    for (let y = 0; y <= 1; y += 0.05) expect(easeOut(easeOutInverse(y))).toBeCloseTo(y, 12);
  });

  test('bad input is refused', () => {
    expect(() => plan({ viewportWidth: 0 })).toThrow(RangeError);
    expect(() => plan({ scale: -1 })).toThrow(RangeError);
    expect(() => plan({ durationMs: Number.NaN })).toThrow(RangeError);
    expect(() => plan({ pool: [] })).toThrow(RangeError);
  });
});
