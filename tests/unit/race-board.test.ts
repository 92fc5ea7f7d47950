/**
 * The live race board against the plain rule it keeps: after any sequence of wagers and
 * refunds, its order is every player with points sorted by points, then who reached them
 * first, then id; and each player's place is where that order puts them.
 */
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RaceBoard, type BoardEntry } from '../../sim-server/domains/progression/race-board.ts';

const change = fc.record({ userId: fc.integer({ min: 1, max: 12 }), delta: fc.integer({ min: -300, max: 500 }), at: fc.integer({ min: 0, max: 50 }) });

/** What the board must show, worked out from scratch. */
function expected(start: BoardEntry[], changes: { userId: number; delta: number; at: number }[]): BoardEntry[] {
  const players = new Map(start.filter((e) => e.points > 0).map((e) => [e.userId, { ...e }]));
  for (const { userId, delta, at } of changes) {
    if (delta === 0) continue;
    const old = players.get(userId);
    const points = Math.max(0, (old?.points ?? 0) + delta);
    if (points === 0) players.delete(userId);
    else players.set(userId, { userId, points, reachedAt: delta > 0 ? at : (old?.reachedAt ?? at) });
  }
  return [...players.values()].sort((a, b) => b.points - a.points || a.reachedAt - b.reachedAt || a.userId - b.userId);
}

describe('RaceBoard', () => {
  test('after any wagers and refunds the order and every place are the sorted standings', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), fc.array(change, { maxLength: 80 }), (seed, changes) => {
        const start = expected([], seed);
        const board = new RaceBoard(start);
        for (const c of changes) board.add(c.userId, c.delta, c.at);
        const want = expected(start, changes);
        expect(board.top(100)).toEqual(want);
        expect(board.size).toBe(want.length);
        want.forEach((entry, i) => expect(board.placeOf(entry.userId)).toEqual({ place: i + 1, entry }));
        const unranked = Array.from({ length: 12 }, (_, i) => i + 1).filter((id) => !want.some((e) => e.userId === id));
        expect(unranked.map((id) => board.placeOf(id))).toEqual(unranked.map(() => null));
      }),
      { numRuns: 300 },
    );
  });

  test('a wager that passes two players moves the player up two places and leaves the rest in order', () => {
    const board = new RaceBoard([
      { userId: 1, points: 500, reachedAt: 1 },
      { userId: 2, points: 400, reachedAt: 2 },
      { userId: 3, points: 300, reachedAt: 3 },
      { userId: 4, points: 200, reachedAt: 4 },
    ]);
    board.add(4, 250, 10);
    expect(board.top(4).map((e) => e.userId)).toEqual([1, 4, 2, 3]);
    board.add(4, -300, 11);
    expect(board.top(4).map((e) => e.userId)).toEqual([1, 2, 3, 4]);
    expect(board.placeOf(4)).toEqual({ place: 4, entry: { userId: 4, points: 150, reachedAt: 10 } });
  });
});
