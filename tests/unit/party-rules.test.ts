import { describe, expect, test } from 'vitest';
import { PARTY_DEPOSIT_GOALS, depositGoalMultiplierMilli, depositGoalsReached, meetsTier, partyDuration, partyParticipantsHash, partyTicket, partyWinner, sha256Hex, tierTimerTone } from '../../src/core/index.ts';

/** The chi-square statistic of observed counts against equal expectations. */
function chiSquare(counts: readonly number[], draws: number): number {
  const expected = draws / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('party tier ticket', () => {
  test('is the first 7 hex of the server seed mod participants, plus 1', () => {
    const seed = 'a3f9c21' + 'ff'.repeat(28);
    expect(partyTicket(seed, 100)).toBe((0xa3f9c21 % 100) + 1);
    expect(partyTicket(seed, 1)).toBe(1);
    expect(partyTicket(seed, 0)).toBe(0);
    expect(partyWinner(seed, ['SF0000000001', 'SF0000000002', 'SF0000000003'])).toBe(['SF0000000001', 'SF0000000002', 'SF0000000003'][(0xa3f9c21 % 3)]);
    expect(partyWinner(seed, [])).toBeNull();
    expect(() => partyTicket('xyz', 3)).toThrow('7 hex');
    expect(() => partyTicket(seed, -1)).toThrow('a count');
  });

  test('the participants commitment is SHA-256 of the list in order', () => {
    expect(partyParticipantsHash(['SF1', 'SF2'])).toBe(sha256Hex('SF1,SF2'));
    expect(partyParticipantsHash(['SF2', 'SF1'])).not.toBe(partyParticipantsHash(['SF1', 'SF2']));
  });

  // 10,000 draws with independent seeds (SHA-256 outputs stand in for the server's random
  // seeds, so the test is the same every run): each position must win about as often.
  test.each([100, 7, 2])('is fair over 10,000 draws among %i participants (chi-square at the 1 percent level)', (n) => {
    const DRAWS = 10_000;
    const counts = Array.from({ length: n }, () => 0);
    for (let i = 0; i < DRAWS; i++) counts[partyTicket(sha256Hex(`party-seed-${n}-${i}`), n) - 1]! += 1;
    // Critical values of chi-square at p = 0.01 for n - 1 degrees of freedom.
    const critical = { 100: 134.642, 7: 16.812, 2: 6.635 }[n]!;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(DRAWS);
    expect(chiSquare(counts, DRAWS)).toBeLessThan(critical);
  });

  test('a biased draw fails the same check (the check can fail)', () => {
    const counts = Array.from({ length: 100 }, () => 0);
    for (let i = 0; i < 10_000; i++) counts[Math.min(99, (partyTicket(sha256Hex(`b-${i}`), 100) - 1) % 90)]! += 1;
    expect(chiSquare(counts, 10_000)).toBeGreaterThan(134.642);
  });
});

describe('tier membership', () => {
  const tier = { required_level: 10, required_rank: 3, required_race: 5 };
  test('level mode: at or above the required level', () => {
    expect(meetsTier('level', { level: 10, rank: null, race: null }, tier)).toBe(true);
    expect(meetsTier('level', { level: 9, rank: 1, race: 1 }, tier)).toBe(false);
  });
  test('rank mode: at or below the required rank; no rank never qualifies', () => {
    expect(meetsTier('rank', { level: 0, rank: 3, race: null }, tier)).toBe(true);
    expect(meetsTier('rank', { level: 99, rank: 4, race: null }, tier)).toBe(false);
    expect(meetsTier('rank', { level: 99, rank: null, race: null }, tier)).toBe(false);
  });
  test('race mode: a place at or below the required one', () => {
    expect(meetsTier('race', { level: 0, rank: null, race: 5 }, tier)).toBe(true);
    expect(meetsTier('race', { level: 0, rank: null, race: 6 }, tier)).toBe(false);
    expect(meetsTier('race', { level: 0, rank: null, race: null }, tier)).toBe(false);
  });
});

describe('party display rules', () => {
  test('duration in d/h/m and the timer colours', () => {
    expect(partyDuration(59_000)).toBe('0m');
    expect(partyDuration(3 * 86_400_000 + 2 * 3_600_000 + 5 * 60_000)).toBe('3d 2h 5m');
    expect(tierTimerTone(60_000)).toBe('normal');
    expect(tierTimerTone(59_999)).toBe('orange');
    expect(tierTimerTone(10_000)).toBe('red');
  });
});

describe('deposit-bonus goals (docs/decisions/0036)', () => {
  test('goals rise in amount and level; a deposit total reaches every goal at or under it', () => {
    expect(PARTY_DEPOSIT_GOALS.map((g) => g.number)).toEqual([1, 2, 3]);
    for (let i = 1; i < PARTY_DEPOSIT_GOALS.length; i++) {
      const [before, goal] = [PARTY_DEPOSIT_GOALS[i - 1]!, PARTY_DEPOSIT_GOALS[i]!];
      expect(goal.amount).toBeGreaterThan(before.amount);
      expect(goal.percent).toBeGreaterThan(before.percent);
      expect(goal.bonus_max).toBeGreaterThan(before.bonus_max);
    }
    const [first, second, third] = PARTY_DEPOSIT_GOALS;
    expect(depositGoalsReached(0)).toBe(0);
    expect(depositGoalsReached(first!.amount - 1)).toBe(0);
    expect(depositGoalsReached(first!.amount)).toBe(1);
    expect(depositGoalsReached(second!.amount)).toBe(2);
    expect(depositGoalsReached(third!.amount * 10)).toBe(3);
    expect(depositGoalMultiplierMilli(first!)).toBe(1050);
  });
});
