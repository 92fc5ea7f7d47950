import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  LEVEL_EXP,
  LEVEL_SAMPLES,
  MAX_LEVEL,
  RANKS,
  RANK_THRESHOLDS,
  levelBand,
  levelForExp,
  levelProgress,
  rankForSeasonExp,
  seasonRankOf,
} from '../../src/core/levels.ts';

describe('level curve', () => {
  test('every sample point of the spec holds exactly', () => {
    const spec: [number, number][] = [
      [1, 1],
      [2, 100],
      [3, 250],
      [4, 500],
      [10, 6_200],
      [20, 50_000],
      [50, 3_127_000],
      [100, 300_000_000],
      [129, 18_000_000_000],
    ];
    expect(LEVEL_SAMPLES).toEqual(spec);
    for (const [level, exp] of spec) expect(LEVEL_EXP[level]).toBe(exp);
  });

  test('the table has a whole number for every level 0..130, rising strictly', () => {
    expect(LEVEL_EXP).toHaveLength(MAX_LEVEL + 1);
    expect(MAX_LEVEL).toBe(130);
    expect(LEVEL_EXP[0]).toBe(0);
    for (let level = 1; level <= MAX_LEVEL; level++) {
      const exp = LEVEL_EXP[level] ?? Number.NaN;
      expect(Number.isSafeInteger(exp)).toBe(true);
      expect(exp).toBeGreaterThan(LEVEL_EXP[level - 1] ?? Number.POSITIVE_INFINITY);
    }
  });

  test('steps between levels grow smoothly: no step is more than twice the one before from level 3 on', () => {
    for (let level = 4; level <= MAX_LEVEL; level++) {
      const step = (LEVEL_EXP[level] ?? 0) - (LEVEL_EXP[level - 1] ?? 0);
      const previous = (LEVEL_EXP[level - 1] ?? 0) - (LEVEL_EXP[level - 2] ?? 0);
      expect(step / previous).toBeLessThan(2);
      expect(step / previous).toBeGreaterThan(0.9);
    }
  });

  test('the table cannot be changed at run time', () => {
    expect(Object.isFrozen(LEVEL_EXP)).toBe(true);
  });
});

describe('levelForExp', () => {
  test('reaching a level needs exactly its table experience', () => {
    expect(levelForExp(0)).toBe(0);
    expect(levelForExp(1)).toBe(1);
    expect(levelForExp(99)).toBe(1);
    expect(levelForExp(100)).toBe(2);
    expect(levelForExp(6_199)).toBe(9);
    expect(levelForExp(6_200)).toBe(10);
  });

  test('stops at level 130 however much experience there is', () => {
    expect(levelForExp(LEVEL_EXP[MAX_LEVEL] ?? 0)).toBe(MAX_LEVEL);
    expect(levelForExp(1e15)).toBe(MAX_LEVEL);
  });

  test('negative experience is level 0', () => {
    expect(levelForExp(-5)).toBe(0);
  });

  test('more experience never means a lower level', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3e10, noNaN: true }), fc.double({ min: 0, max: 3e10, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(levelForExp(low)).toBeLessThanOrEqual(levelForExp(high));
      }),
    );
  });

  test('the level found is the one whose table range holds the experience', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3e10 }), (exp) => {
        const level = levelForExp(exp);
        expect(LEVEL_EXP[level]).toBeLessThanOrEqual(exp);
        expect(LEVEL_EXP[level + 1] ?? Number.POSITIVE_INFINITY).toBeGreaterThan(exp);
      }),
    );
  });
});

describe('levelProgress', () => {
  test('halfway between level 2 and 3 is 50 percent', () => {
    expect(levelProgress(175)).toEqual({ level: 2, level_exp: 100, level_next: 3, level_exp_next: 250, percent: 50, is_max: false });
  });

  test('the percent is floored so it never reads 100 before the level is reached', () => {
    expect(levelProgress(249.999).percent).toBe(99.99);
  });

  test('level 130 shows MAX with a full bar', () => {
    const top = LEVEL_EXP[MAX_LEVEL] ?? 0;
    expect(levelProgress(top * 2)).toEqual({ level: 130, level_exp: top, level_next: 130, level_exp_next: top, percent: 100, is_max: true });
  });

  test('a fresh account is level 0 on its way to level 1', () => {
    expect(levelProgress(0)).toMatchObject({ level: 0, level_next: 1, level_exp_next: 1, percent: 0 });
  });
});

describe('levelBand', () => {
  test('bands are 1-19, 20-39, 40-59, 60-79, 80-99 and 100 and above', () => {
    const cases: [number, number][] = [[1, 0], [19, 0], [20, 1], [39, 1], [40, 2], [59, 2], [60, 3], [79, 3], [80, 4], [99, 4], [100, 5], [130, 5]];
    for (const [level, band] of cases) expect(levelBand(level)).toBe(band);
  });
});

describe('season ranks', () => {
  test('there are 20 ranks, bronze to diamond, each I to V', () => {
    expect(RANKS).toHaveLength(20);
    expect(RANKS.map((rank) => rank.name).slice(0, 6)).toEqual(['Bronze I', 'Bronze II', 'Bronze III', 'Bronze IV', 'Bronze V', 'Silver I']);
    expect(RANKS.at(-1)?.name).toBe('Diamond V');
  });

  test('thresholds start 0, 0.5%, 1%, 2% of 100000, rise strictly and end at 100%', () => {
    expect(RANK_THRESHOLDS.slice(0, 4)).toEqual([0, 0.005, 0.01, 0.02]);
    expect(RANK_THRESHOLDS.at(-1)).toBe(1);
    expect(RANKS.map((rank) => rank.exp).slice(0, 4)).toEqual([0, 500, 1000, 2000]);
    expect(RANKS.at(-1)?.exp).toBe(100_000);
    RANKS.slice(1).forEach((rank, i) => expect(rank.exp).toBeGreaterThan(RANKS[i]?.exp ?? Number.POSITIVE_INFINITY));
  });

  test('season experience picks the highest rank reached and progress to the next', () => {
    const standing = rankForSeasonExp(750);
    expect(standing.rank.name).toBe('Bronze II');
    expect(standing.rank_next?.name).toBe('Bronze III');
    expect(standing).toMatchObject({ exp: 750, rank_exp: 500, rank_exp_next: 1000, percent: 50 });
  });

  test('the top rank has no next rank and a full bar', () => {
    const standing = rankForSeasonExp(250_000);
    expect(standing.rank.name).toBe('Diamond V');
    expect(standing.rank_next).toBeNull();
    expect(standing.percent).toBe(100);
  });

  test('seasonRankOf answers the rank number rankForSeasonExp reaches, at every threshold and between', () => {
    for (const rank of RANKS) for (const exp of [rank.exp - 1, rank.exp, rank.exp + 1]) expect(seasonRankOf(exp)).toBe(rankForSeasonExp(exp).rank.rank);
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 300_000 }), (exp) => {
        expect(seasonRankOf(exp)).toBe(rankForSeasonExp(exp).rank.rank);
      }),
    );
  });

  test('no experience is the first rank', () => {
    expect(rankForSeasonExp(0).rank.name).toBe('Bronze I');
    expect(rankForSeasonExp(-1).rank.name).toBe('Bronze I');
  });

  test('more season experience never means a lower rank', () => {
    fc.assert(
      fc.property(fc.nat(200_000), fc.nat(200_000), (a, b) => {
        expect(rankForSeasonExp(Math.min(a, b)).rank.rank).toBeLessThanOrEqual(rankForSeasonExp(Math.max(a, b)).rank.rank);
      }),
    );
  });
});
