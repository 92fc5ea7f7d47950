import { describe, expect, test } from 'vitest';
import { CASE_HOUSE_EDGE, ITEM_RARITIES, WEARS, casePriceFor, expectedValue, validateRanges } from '../../src/core/index.ts';
import { CASE_PRICE_RANGE, generateCatalog, ticketCounts } from '../../sim-server/world/catalog.ts';

const catalog = generateCatalog();

describe('the generated catalog', () => {
  test('is the same on every run', () => {
    expect(generateCatalog()).toEqual(catalog);
  });

  test('has at least 40 openable cases from 1 to 22 coins, both ends present, and some deprecated ones', () => {
    const open = catalog.cases.filter((box) => !box.deprecated);
    expect(open.length).toBeGreaterThanOrEqual(40);
    expect(catalog.cases.filter((box) => box.deprecated).length).toBeGreaterThanOrEqual(2);
    const prices = catalog.cases.map((box) => box.price);
    expect(Math.min(...prices)).toBe(CASE_PRICE_RANGE.min);
    expect(Math.max(...prices)).toBe(CASE_PRICE_RANGE.max);
    expect(new Set(catalog.cases.map((box) => box.key)).size).toBe(catalog.cases.length);
  });

  test("every case's ranges cover 1..100000 and its price is casePriceFor(expected value)", () => {
    const problems = catalog.cases.flatMap((box) => {
      const ev = expectedValue(box.slots);
      const prices = box.slots.map((s) => s.price);
      return [
        validateRanges(box.slots),
        box.price === casePriceFor(ev) ? null : `price ${box.price} is not casePriceFor(${ev})`,
        Math.abs(1 - ev / box.price - CASE_HOUSE_EDGE) <= 0.5 / box.price + 1e-12 ? null : 'edge off by more than half a cent',
        // Dearest first, each item once.
        prices.join() === prices.toSorted((a, b) => b - a).join() ? null : 'slots not dearest first',
        new Set(box.slots.map((s) => s.itemKey)).size === box.slots.length ? null : 'an item twice',
      ].flatMap((problem) => (problem ? [`${box.key}: ${problem}`] : []));
    });
    expect(problems).toEqual([]);
  });

  test('items follow the naming rules: star on knives and gloves, wear in the name, URL-safe unique keys', () => {
    const keys = new Set(catalog.items.map((item) => item.key));
    expect(keys.size).toBe(catalog.items.length);
    for (const item of catalog.items) {
      expect(item.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(item.name.startsWith('★ ')).toBe(item.type === 'knife' || item.type === 'gloves');
      expect(ITEM_RARITIES).toContain(item.rarity);
      expect(item.wear === null || item.name.endsWith(`(${WEARS[item.wear]})`)).toBe(true);
      expect(Number.isSafeInteger(item.price) && item.price >= 3).toBe(true);
    }
    const keysInCases = catalog.cases.flatMap((box) => box.slots.map((s) => s.itemKey));
    expect(keysInCases.filter((key) => !keys.has(key))).toEqual([]);
  });

  test('ticket counts always sum to 100000 with at least one ticket each', () => {
    const counts = ticketCounts([50_000, 900, 40, 12, 10], 120);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(counts.every((c) => c >= 1)).toBe(true);
    expect(() => ticketCounts([10, 20], 5)).toThrow(/cannot reach 5/);
  });
});
