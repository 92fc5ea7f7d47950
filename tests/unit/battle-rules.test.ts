import { createHash, createHmac } from 'node:crypto';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  battleDrops,
  battleDropTicket,
  battleOptions,
  battleSetupError,
  battleSides,
  decideBattle,
  defaultSeats,
  dropValues,
  isRobDecision,
  robPair,
  robRevealMatches,
  type BattleDecider,
  type BattleMode,
  type BattleOptions,
  type BattleOutcome,
  type BattleRecord,
  type RobDecision,
} from '../../src/core/battle-rules.ts';
import { hashDecision } from '../../src/core/fair-ticket.ts';

const fairness = { beacon: createHash('sha256').update('beacon').digest('hex'), serverSeed: 'battle server seed' };

// An independent ticket: Node's HMAC, not the code under test.
function nodeTicket(nonce: number, max: number): number {
  const hex = createHmac('sha256', fairness.beacon).update(`${fairness.serverSeed}-${nonce}`).digest('hex');
  return (Number.parseInt(hex.slice(0, 7), 16) % max) + 1;
}

type Case = {
  name: string;
  options: Partial<BattleOptions>;
  values: number[][];
  mode?: BattleMode;
  rob?: { seat: number; decision: RobDecision }[];
  winners: number[];
  by: BattleDecider;
  kind: 'drops' | 'coins' | 'house';
  pair?: [number, number];
  crowns?: number[];
  /** Fair rolls recorded: 1 for a tiebreak, 0 otherwise unless given. */
  rolls?: number;
};

function record(c: Pick<Case, 'options' | 'values' | 'mode' | 'rob'>): BattleRecord {
  return {
    seats: c.values[0]?.length ?? 0,
    mode: c.mode ?? 'solo',
    options: battleOptions(c.options),
    fairness,
    values: c.values,
    ...(c.rob ? { robDecisions: c.rob } : {}),
  };
}

// The payout a result must have: every drop to one seat, equal coins with the remainder to the house, or all to the house.
function expectedPayout(kind: 'drops' | 'coins' | 'house', winners: readonly number[], pot: number) {
  const each = Math.floor(pot / Math.max(1, winners.length));
  const shares = { drops: [{ seat: winners[0], amount: pot }], coins: winners.map((seat) => ({ seat, amount: each })), house: [] }[kind];
  return { kind, shares, house: { drops: 0, coins: pot - each * winners.length, house: pot }[kind] };
}

// Every roll recorded in an outcome is the fair ticket of its nonce, from the first nonce after the drops.
function expectFairRolls(c: Case, outcome: BattleOutcome): void {
  const first = c.values.length * (c.values[0]?.length ?? 0) + 1;
  for (const [i, roll] of (outcome.tiebreak?.rolls ?? []).entries()) {
    expect(roll.nonce).toBe(first + i);
    expect(roll.ticket).toBe(nodeTicket(roll.nonce, roll.max));
  }
}

const SINGLE: Case[] = [
  { name: 'standard: the highest total takes every drop', options: {}, values: [[100, 50, 70], [10, 90, 20]], winners: [2], by: 'total', kind: 'drops' },
  { name: 'crazy: the lowest total wins', options: { crazy: true }, values: [[100, 50, 70], [10, 90, 20]], winners: [3], by: 'total', kind: 'drops' },
  { name: 'terminal: only the last round decides', options: { terminal: true }, values: [[500, 50, 70], [10, 90, 20]], winners: [2], by: 'terminal', kind: 'drops' },
  { name: 'share: every seat is paid an equal part', options: { share: true }, values: [[100, 50, 70], [10, 90, 20]], winners: [1, 2, 3], by: 'share', kind: 'coins' },
  {
    name: 'kings: the first to K crowns wins even with a lower total',
    options: { kings: 2 },
    values: [[90, 10, 20], [80, 30, 10], [1, 1_000, 5]],
    winners: [1],
    by: 'kings',
    kind: 'drops',
    crowns: [2, 1, 0],
  },
  {
    name: 'kings: nobody reaching K falls back to the highest total',
    options: { kings: 2 },
    values: [[90, 10, 20], [10, 80, 20], [10, 20, 300]],
    winners: [3],
    by: 'total',
    kind: 'drops',
    crowns: [1, 1, 1],
  },
  {
    name: 'kings: a round whose best drop is shared gives no crown',
    options: { kings: 1 },
    values: [[50, 50, 10], [40, 10, 5]],
    winners: [1],
    by: 'kings',
    kind: 'drops',
    crowns: [1, 0, 0],
  },
  { name: 'tiebreak: a tie is settled by a fair roll', options: { tiebreak: true }, values: [[100, 100]], winners: [2], by: 'tiebreak', kind: 'drops' },
  { name: 'no tiebreak: tied leaders split the pot in coins', options: {}, values: [[100, 100, 50]], winners: [1, 2], by: 'tie', kind: 'coins' },
  { name: 'rob: no decisions count as split between the two leaders', options: { rob: true }, values: [[100, 300, 200]], winners: [2, 3], by: 'rob', kind: 'coins', pair: [2, 3] },
  {
    name: 'rob: one rob takes every drop',
    options: { rob: true },
    values: [[100, 300, 200]],
    rob: [{ seat: 3, decision: 'rob' }, { seat: 2, decision: 'split' }],
    winners: [3],
    by: 'rob',
    kind: 'drops',
    pair: [2, 3],
  },
  {
    name: 'rob: rob and rob lose the pot to the house',
    options: { rob: true },
    values: [[100, 300, 200]],
    rob: [{ seat: 2, decision: 'rob' }, { seat: 3, decision: 'rob' }],
    winners: [],
    by: 'rob',
    kind: 'house',
    pair: [2, 3],
  },
  { name: 'fast: changes nothing but the timing', options: { fast: true }, values: [[100, 50, 70], [10, 90, 20]], winners: [2], by: 'total', kind: 'drops' },
];

const PAIRS: Case[] = [
  { name: 'crazy+terminal: the lowest last drop wins', options: { crazy: true, terminal: true }, values: [[1, 500, 300], [50, 10, 20]], winners: [2], by: 'terminal', kind: 'drops' },
  { name: 'crazy+tiebreak: a tie for lowest is rolled', options: { crazy: true, tiebreak: true }, values: [[10, 50, 10, 40, 30]], winners: [3], by: 'tiebreak', kind: 'drops' },
  {
    name: 'crazy+kings: the lowest round drop wins the crown',
    options: { crazy: true, kings: 2 },
    values: [[5, 50, 60], [7, 40, 80], [100, 1, 90]],
    winners: [1],
    by: 'kings',
    kind: 'drops',
    crowns: [2, 1, 0],
  },
  { name: 'crazy+rob: the two lowest totals choose', options: { crazy: true, rob: true }, values: [[100, 300, 200, 50]], winners: [1, 4], by: 'rob', kind: 'coins', pair: [1, 4] },
  { name: 'crazy+share: share pays every seat', options: { crazy: true, share: true }, values: [[100, 50, 70]], winners: [1, 2, 3], by: 'share', kind: 'coins' },
  { name: 'crazy+fast: as crazy', options: { crazy: true, fast: true }, values: [[100, 50, 70], [10, 90, 20]], winners: [3], by: 'total', kind: 'drops' },
  { name: 'terminal+tiebreak: a tie on the last round is rolled', options: { terminal: true, tiebreak: true }, values: [[500, 10, 0, 0], [40, 5, 40, 1]], winners: [3], by: 'tiebreak', kind: 'drops' },
  {
    name: 'terminal+kings: crowns over every round, else the best last round',
    options: { terminal: true, kings: 2 },
    values: [[90, 10, 10], [10, 90, 10], [10, 20, 30]],
    winners: [3],
    by: 'terminal',
    kind: 'drops',
    crowns: [1, 1, 1],
  },
  {
    name: 'terminal+kings: reaching K beats the last round',
    options: { terminal: true, kings: 2 },
    values: [[90, 10, 10], [90, 10, 10], [10, 20, 30]],
    winners: [1],
    by: 'kings',
    kind: 'drops',
    crowns: [2, 0, 1],
  },
  { name: 'terminal+rob: the two best last rounds choose', options: { terminal: true, rob: true }, values: [[1_000, 0, 0], [10, 30, 20]], winners: [2, 3], by: 'rob', kind: 'coins', pair: [2, 3] },
  { name: 'terminal+share: share pays every seat', options: { terminal: true, share: true }, values: [[500, 10], [1, 2]], winners: [1, 2], by: 'share', kind: 'coins' },
  { name: 'terminal+fast: as terminal', options: { terminal: true, fast: true }, values: [[500, 50, 70], [10, 90, 20]], winners: [2], by: 'terminal', kind: 'drops' },
  { name: 'tiebreak+kings: a fallback tie is rolled', options: { tiebreak: true, kings: 2 }, values: [[10, 20], [20, 10]], winners: [1], by: 'tiebreak', kind: 'drops', crowns: [1, 1] },
  { name: 'tiebreak+kings: reaching K needs no roll on equal totals', options: { tiebreak: true, kings: 2 }, values: [[10, 5], [10, 5], [0, 10]], winners: [1], by: 'kings', kind: 'drops', crowns: [2, 1] },
  { name: 'tiebreak+rob: a three-way tie for the pair is rolled', options: { tiebreak: true, rob: true }, values: [[100, 100, 100]], winners: [1, 2], by: 'rob', kind: 'coins', pair: [1, 2], rolls: 2 },
  { name: 'tiebreak+share: share pays every seat', options: { tiebreak: true, share: true }, values: [[100, 100]], winners: [1, 2], by: 'share', kind: 'coins' },
  { name: 'tiebreak+fast: as tiebreak', options: { tiebreak: true, fast: true }, values: [[100, 100]], winners: [2], by: 'tiebreak', kind: 'drops' },
  {
    name: 'kings+rob: the pair is the top two of the kings race',
    options: { kings: 1, rob: true },
    values: [[10, 50, 40], [100, 0, 60]],
    rob: [{ seat: 1, decision: 'rob' }],
    winners: [1],
    by: 'rob',
    kind: 'drops',
    pair: [1, 2],
    crowns: [1, 1, 0],
  },
  {
    name: 'kings+rob: seats that reached K later still rank by when they did, above higher totals',
    options: { kings: 1, rob: true },
    values: [[10, 50, 40], [60, 0, 55], [0, 0, 100]],
    winners: [1, 2],
    by: 'rob',
    kind: 'coins',
    pair: [1, 2],
    crowns: [1, 1, 1],
  },
  { name: 'kings+share: share pays every seat, crowns still count', options: { kings: 1, share: true }, values: [[10, 50]], winners: [1, 2], by: 'share', kind: 'coins', crowns: [0, 1] },
  { name: 'kings+fast: as kings', options: { kings: 2, fast: true }, values: [[90, 10, 20], [80, 30, 10], [1, 1_000, 5]], winners: [1], by: 'kings', kind: 'drops', crowns: [2, 1, 0] },
  { name: 'rob+fast: as rob', options: { rob: true, fast: true }, values: [[100, 300, 200]], rob: [{ seat: 2, decision: 'rob' }], winners: [2], by: 'rob', kind: 'drops', pair: [2, 3] },
  { name: 'share+fast: as share', options: { share: true, fast: true }, values: [[100, 50, 70]], winners: [1, 2, 3], by: 'share', kind: 'coins' },
];

const TEAM: Case[] = [
  { name: 'team: the higher team sum wins and its seats share', mode: 'team', options: {}, values: [[100, 10, 50, 50]], winners: [1, 2], by: 'total', kind: 'coins' },
  { name: 'team+crazy: the lower team sum wins', mode: 'team', options: { crazy: true }, values: [[100, 10, 50, 50]], winners: [3, 4], by: 'total', kind: 'coins' },
  { name: 'team+terminal: the teams\u2019 last round decides', mode: 'team', options: { terminal: true }, values: [[900, 0, 0, 0], [1, 1, 2, 1]], winners: [3, 4], by: 'terminal', kind: 'coins' },
  {
    name: 'team+kings: a round goes to the better team sum',
    mode: 'team',
    options: { kings: 2 },
    values: [[60, 0, 50, 5], [30, 30, 50, 5], [0, 0, 900, 0]],
    winners: [1, 2],
    by: 'kings',
    kind: 'coins',
    crowns: [2, 2, 1, 1],
  },
  { name: 'team+tiebreak: tied teams are rolled between', mode: 'team', options: { tiebreak: true }, values: [[100, 0, 50, 50]], winners: [1, 2], by: 'tiebreak', kind: 'coins' },
  { name: 'team tie without tiebreak: all four seats split', mode: 'team', options: {}, values: [[100, 0, 50, 50]], winners: [1, 2, 3, 4], by: 'tie', kind: 'coins' },
  { name: 'team+share: all four seats share', mode: 'team', options: { share: true }, values: [[100, 10, 50, 50]], winners: [1, 2, 3, 4], by: 'share', kind: 'coins' },
  { name: 'team+fast: as team', mode: 'team', options: { fast: true }, values: [[100, 10, 50, 50]], winners: [1, 2], by: 'total', kind: 'coins' },
];

const OPTION_NAMES = ['crazy', 'terminal', 'tiebreak', 'kings', 'rob', 'share', 'fast'] as const;

function onOptions(options: Partial<BattleOptions>): string[] {
  return OPTION_NAMES.filter((name) => (name === 'kings' ? (options.kings ?? 0) > 0 : options[name] === true));
}

describe('every mode and every pair of stacked modes decides the winner as docs/design.md section 7 says', () => {
  test.each([...SINGLE, ...PAIRS, ...TEAM].map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const outcome = decideBattle(record(c));
    expect(outcome.winners).toEqual(c.winners);
    expect(outcome.decidedBy).toBe(c.by);
    expect(outcome.payout.kind).toBe(c.kind);
    expect(outcome.rob?.pair ?? null).toEqual(c.pair ?? null);
    expect(outcome.standings.map((s) => s.crowns)).toEqual(c.crowns ?? c.values[0]?.map(() => 0));
    const pot = c.values.flat().reduce((a, b) => a + b, 0);
    expect(outcome.pot).toBe(pot);
    expect(outcome.payout).toEqual(expectedPayout(c.kind, c.winners, pot));
    expect(outcome.tiebreak?.rolls.length ?? 0).toBe(c.rolls ?? (c.by === 'tiebreak' ? 1 : 0));
    expectFairRolls(c, outcome);
  });

  test('the table covers every option alone, every pair of options, and team with every option but rob', () => {
    const covered = new Set([...SINGLE, ...PAIRS].map((c) => onOptions(c.options).join('+')));
    const missing: string[] = [];
    for (const [i, a] of OPTION_NAMES.entries()) {
      if (!covered.has(a)) missing.push(a);
      for (const b of OPTION_NAMES.slice(i + 1)) if (!covered.has(`${a}+${b}`) && `${a}+${b}` !== 'rob+share') missing.push(`${a}+${b}`);
    }
    expect(missing).toEqual([]);
    const team = new Set(TEAM.map((c) => onOptions(c.options).join('+')));
    expect(OPTION_NAMES.filter((name) => name !== 'rob' && !team.has(name))).toEqual([]);
  });

  test('a tie roll picks the ticket-th tied side in seat order', () => {
    // One round of two seats: the roll is nonce 3, max 2.
    expect(nodeTicket(3, 2)).toBe(2);
    const outcome = decideBattle(record({ options: { tiebreak: true }, values: [[100, 100]] }));
    expect(outcome.tiebreak).toEqual({ players: [1, 2], winners: [2], rolls: [{ nonce: 3, max: 2, ticket: 2 }] });
  });

  test('a team tie roll lists both teams and picks one team of two seats', () => {
    const outcome = decideBattle(record({ mode: 'team', options: { tiebreak: true }, values: [[100, 0, 50, 50]] }));
    expect(outcome.tiebreak?.players).toEqual([1, 2, 3, 4]);
    expect(outcome.tiebreak?.rolls).toEqual([{ nonce: 5, max: 2, ticket: nodeTicket(5, 2) }]);
    expect(outcome.payout.shares).toEqual([{ seat: 1, amount: 100 }, { seat: 2, amount: 100 }]);
  });

  test('a three-way tie for the rob pair takes two rolls, with one candidate fewer each time', () => {
    const outcome = decideBattle(record({ options: { rob: true }, values: [[100, 100, 100]] }));
    expect(outcome.tiebreak?.rolls).toEqual([
      { nonce: 4, max: 3, ticket: nodeTicket(4, 3) },
      { nonce: 5, max: 2, ticket: nodeTicket(5, 2) },
    ]);
    expect(outcome.tiebreak?.players).toEqual([1, 2, 3]);
    expect(outcome.tiebreak?.winners).toHaveLength(2);
  });

  test('a tie for second place in rob mode rolls one place only', () => {
    const { pair, tiebreak } = robPair(record({ options: { rob: true }, values: [[500, 100, 100, 100]] }));
    expect(pair[0]).toBe(1);
    expect(tiebreak?.players).toEqual([2, 3, 4]);
    expect(tiebreak?.rolls).toEqual([{ nonce: 5, max: 3, ticket: nodeTicket(5, 3) }]);
    expect(pair[1]).toBe([2, 3, 4][nodeTicket(5, 3) - 1]);
  });

  test('a clear pair needs no roll, with or without tiebreak', () => {
    for (const tiebreak of [false, true]) {
      expect(robPair(record({ options: { rob: true, tiebreak }, values: [[1, 9, 5]] }))).toEqual({ pair: [2, 3], tiebreak: null });
    }
  });

  test('a split of a pot that does not divide leaves the remainder cents to the house', () => {
    const outcome = decideBattle(record({ options: { share: true }, values: [[100, 50, 70]] }));
    expect(outcome.payout).toEqual({ kind: 'coins', shares: [{ seat: 1, amount: 73 }, { seat: 2, amount: 73 }, { seat: 3, amount: 73 }], house: 1 });
  });

  test('standings give each seat its own total and its side\u2019s score', () => {
    const outcome = decideBattle(record({ mode: 'team', options: { terminal: true }, values: [[900, 0, 0, 0], [1, 1, 2, 1]] }));
    expect(outcome.standings).toEqual([
      { seat: 1, side: 1, total: 901, score: 2, crowns: 0 },
      { seat: 2, side: 1, total: 1, score: 2, crowns: 0 },
      { seat: 3, side: 2, total: 2, score: 3, crowns: 0 },
      { seat: 4, side: 2, total: 1, score: 3, crowns: 0 },
    ]);
  });

  test('kings reports the round in which the winner reached K', () => {
    expect(decideBattle(record({ options: { kings: 2 }, values: [[90, 10], [10, 90], [90, 10]] })).kingsRound).toBe(3);
    expect(decideBattle(record({ options: { kings: 3 }, values: [[90, 10], [10, 90], [90, 10]] })).kingsRound).toBeNull();
  });
});

describe('battle setup', () => {
  test.each([
    [{ seats: 1, mode: 'solo' }, {}, 1, /2 to 5 seats/],
    [{ seats: 6, mode: 'solo' }, {}, 1, /2 to 5 seats/],
    [{ seats: 3, mode: 'team' }, {}, 1, /team battle has 4 seats/],
    [{ seats: 2, mode: 'duo' }, {}, 1, /Unknown mode/],
    [{ seats: 2, mode: 'solo' }, {}, 0, /1 to 100 rounds/],
    [{ seats: 2, mode: 'solo' }, {}, 101, /1 to 100 rounds/],
    [{ seats: 2, mode: 'solo' }, { kings: 3 }, 2, /no more crowns than rounds/],
    [{ seats: 2, mode: 'solo' }, { kings: 1.5 }, 2, /whole number/],
    [{ seats: 4, mode: 'team' }, { rob: true }, 2, /solo/],
    [{ seats: 3, mode: 'solo' }, { rob: true, share: true }, 2, /cannot be combined/],
  ] as const)('%o with %o over %i rounds is refused', (setup, options, rounds, message) => {
    expect(battleSetupError({ ...setup, mode: setup.mode as BattleMode, options: battleOptions(options) }, rounds)).toMatch(message);
  });

  test('every other combination of options is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.record({ crazy: fc.boolean(), terminal: fc.boolean(), tiebreak: fc.boolean(), kings: fc.integer({ min: 0, max: 3 }), fast: fc.boolean() }), (seats, options) => {
        expect(battleSetupError({ seats, mode: 'solo', options: battleOptions({ ...options, rob: seats % 2 === 0 }) }, 3)).toBeNull();
        expect(battleSetupError({ seats, mode: 'solo', options: battleOptions({ ...options, share: true }) }, 3)).toBeNull();
        expect(battleSetupError({ seats: 4, mode: 'team', options: battleOptions(options) }, 3)).toBeNull();
      }),
    );
  });

  test('team seats are {1, 2} and {3, 4}; a solo seat is its own side; unset seats default to 4 for team and 2 for solo', () => {
    expect(battleSides(4, 'team')).toEqual([[1, 2], [3, 4]]);
    expect(battleSides(3, 'solo')).toEqual([[1], [2], [3]]);
    expect([defaultSeats('team'), defaultSeats('solo')]).toEqual([4, 2]);
  });

  test('a malformed record is refused rather than judged', () => {
    expect(() => decideBattle(record({ options: {}, values: [[1, 2], [3]] }))).toThrow(RangeError);
    expect(() => decideBattle(record({ options: {}, values: [[1, -2]] }))).toThrow(RangeError);
    expect(() => decideBattle(record({ options: {}, values: [[1, 0.5]] }))).toThrow(RangeError);
    expect(() => decideBattle(record({ options: { rob: true }, values: [[1, 2, 3]], rob: [{ seat: 1, decision: 'rob' }] }))).toThrow(/not in the rob pair/);
    expect(() => robPair(record({ options: {}, values: [[1, 2]] }))).toThrow(RangeError);
  });
});

describe('drop tickets and drops', () => {
  const table = [
    { name: 'cheap', range: [1, 60_000] as const, price: 10 },
    { name: 'mid', range: [60_001, 95_000] as const, price: 250 },
    { name: 'rare', range: [95_001, 100_000] as const, price: 9_000 },
  ];

  test('the ticket of round r, seat s is fairTicket(beacon, server seed, (r - 1) * n + s, 100000)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 5 }), (round, seats, seat) => {
        fc.pre(seat <= seats);
        expect(battleDropTicket(fairness, round, seat, seats)).toBe(nodeTicket((round - 1) * seats + seat, 100_000));
      }),
      { numRuns: 100 },
    );
  });

  test('every seat of every round drops the item whose range holds its ticket', () => {
    const drops = battleDrops(fairness, 3, [table, table, table, table]);
    expect(drops).toHaveLength(4);
    for (const [r, round] of drops.entries()) {
      expect(round.map((drop) => drop.seat)).toEqual([1, 2, 3]);
      for (const drop of round) {
        expect(drop.round).toBe(r + 1);
        expect(drop.nonce).toBe(r * 3 + drop.seat);
        expect(drop.ticket).toBe(nodeTicket(drop.nonce, 100_000));
        expect(drop.ticket).toBeGreaterThanOrEqual(drop.item.range[0]);
        expect(drop.ticket).toBeLessThanOrEqual(drop.item.range[1]);
        expect(drop.value).toBe(drop.item.price);
      }
    }
    expect(dropValues(drops)).toEqual(drops.map((round) => round.map((drop) => drop.item.price)));
  });

  test('a table with a hole where the ticket lands is refused', () => {
    expect(() => battleDrops(fairness, 2, [[{ range: [1, 1] as const, price: 1 }]])).toThrow(/no item for ticket/);
  });
});

describe('rob decisions', () => {
  test('a reveal matches its commitment only with the same decision and salt', () => {
    const hashed = hashDecision('rob', 'pepper');
    expect(robRevealMatches(hashed, 'rob', 'pepper')).toBe(true);
    expect(robRevealMatches(hashed.toUpperCase(), 'rob', 'pepper')).toBe(true);
    expect(robRevealMatches(hashed, 'split', 'pepper')).toBe(false);
    expect(robRevealMatches(hashed, 'rob', 'salt')).toBe(false);
    expect(isRobDecision('rob') && isRobDecision('split') && !isRobDecision('steal')).toBe(true);
  });
});

// Any valid battle: seats, mode, options that may be combined, values, and rob decisions.
const anyRecord = fc
  .record({
    team: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
    seats: fc.integer({ min: 2, max: 5 }),
    rounds: fc.integer({ min: 1, max: 6 }),
    crazy: fc.boolean(),
    terminal: fc.boolean(),
    tiebreak: fc.boolean(),
    kings: fc.integer({ min: 0, max: 6 }),
    rob: fc.boolean(),
    share: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    fast: fc.boolean(),
    // Few distinct values so ties are common.
    pick: fc.array(fc.constantFrom(0, 1, 7, 100, 2_500), { minLength: 30, maxLength: 30 }),
    decisions: fc.array(fc.constantFrom<RobDecision | null>('split', 'rob', null), { minLength: 2, maxLength: 2 }),
    beacon: fc.string({ minLength: 1, maxLength: 8 }),
  })
  .map((r): BattleRecord => {
    const mode: BattleMode = r.team ? 'team' : 'solo';
    const seats = r.team ? 4 : r.seats;
    const rob = r.rob && !r.team && !r.share;
    const options = battleOptions({ crazy: r.crazy, terminal: r.terminal, tiebreak: r.tiebreak, kings: Math.min(r.kings, r.rounds), rob, share: r.share, fast: r.fast });
    const values = Array.from({ length: r.rounds }, (_, i) => Array.from({ length: seats }, (__, s) => r.pick[(i * seats + s) % r.pick.length] ?? 0));
    const base: BattleRecord = { seats, mode, options, fairness: { beacon: r.beacon, serverSeed: 'seed' }, values };
    if (!rob) return base;
    const { pair } = robPair(base);
    return { ...base, robDecisions: pair.flatMap((seat, i) => (r.decisions[i] ? [{ seat, decision: r.decisions[i] }] : [])) };
  });

describe('payout properties', () => {
  test('what is paid plus what the house keeps is the pot, and no seat is paid twice', () => {
    fc.assert(
      fc.property(anyRecord, (battle) => {
        const { payout, pot, winners } = decideBattle(battle);
        expect(pot).toBe(battle.values.flat().reduce((a, b) => a + b, 0));
        expect(payout.shares.reduce((sum, share) => sum + share.amount, 0) + payout.house).toBe(pot);
        const seats = payout.shares.map((share) => share.seat);
        expect(new Set(seats).size).toBe(seats.length);
        expect(seats).toEqual(winners);
        expect(payout.shares.every((share) => share.amount >= 0 && share.seat >= 1 && share.seat <= battle.seats)).toBe(true);
        expect(payout.house).toBeGreaterThanOrEqual(0);
        expect(payout).toEqual(expectedPayout(payout.kind, winners, pot));
      }),
      { numRuns: 500 },
    );
  });

  test('the same record always gives the same outcome, and fast never changes it', () => {
    fc.assert(
      fc.property(anyRecord, (battle) => {
        const outcome = decideBattle(battle);
        expect(decideBattle(structuredClone(battle))).toEqual(outcome);
        expect(decideBattle({ ...battle, options: { ...battle.options, fast: !battle.options.fast } })).toEqual(outcome);
      }),
      { numRuns: 200 },
    );
  });

  // Outside share, rob and a won K race: the seats with the best score, and with tiebreak the seats of one side.
  function scoreWinners(battle: BattleRecord) {
    const outcome = decideBattle(battle);
    const scores = outcome.standings.map((s) => s.score);
    const best = battle.options.crazy ? Math.min(...scores) : Math.max(...scores);
    const sides = new Set(outcome.standings.filter((s) => outcome.winners.includes(s.seat)).map((s) => s.side));
    return { outcome, bestSeats: outcome.standings.filter((s) => s.score === best).map((s) => s.seat), sides };
  }

  test('without tiebreak, every seat with the best score wins and no other', () => {
    fc.assert(
      fc.property(anyRecord, (battle) => {
        fc.pre(!battle.options.share && !battle.options.rob && !battle.options.tiebreak);
        const { outcome, bestSeats } = scoreWinners(battle);
        fc.pre(outcome.kingsRound === null);
        expect(outcome.winners).toEqual(bestSeats);
      }),
      { numRuns: 300 },
    );
  });

  test('with tiebreak, the winners are one side with the best score', () => {
    fc.assert(
      fc.property(anyRecord, (battle) => {
        fc.pre(!battle.options.share && !battle.options.rob && battle.options.tiebreak);
        const { outcome, bestSeats, sides } = scoreWinners(battle);
        fc.pre(outcome.kingsRound === null);
        expect(sides.size).toBe(1);
        expect(outcome.winners.every((seat) => bestSeats.includes(seat))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
