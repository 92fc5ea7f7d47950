import { createHmac } from 'node:crypto';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fairTicket, sha256Hex } from '../../src/core/fair-ticket.ts';
import {
  EMPTY_TICKET_DIGITS,
  modalTicket,
  replayBattle,
  replayGame,
  replayUnbox,
  verifyTickets,
  verifyTicketsWebCrypto,
  verifyPackedTickets,
  type ReplayReport,
} from '../../src/core/replay.ts';
import { packTickets, unpackTickets, type TicketClaim } from '../../src/core/ticket-pack.ts';
import { keyedTicketer, ticketFromDigest } from '../../src/core/fair-ticket.ts';
import { webCryptoTicketer } from '../../src/core/ticket-hasher.ts';
import { BATTLE_SEED, BEACON, copy, craftBattle, craftUnbox, equalSlots, makeItem, type BattlePlan } from './replay-fixtures.ts';

// An independent ticket: Node's HMAC and hex parsing, not the code under test.
function nodeTicket(key: string, clientSeed: string, nonce: number, max = 100_000): number {
  const hex = createHmac('sha256', key).update(`${clientSeed}-${nonce}`).digest('hex');
  return (Number.parseInt(hex.slice(0, 7), 16) % max) + 1;
}

function messages(report: ReplayReport): string[] {
  return report.mismatches.map((m) => m.message);
}

describe('tickets in bulk', () => {
  test('the keyed ticketer gives the test vector of docs/design.md section 6', () => {
    const ticket = keyedTicketer('server seed');
    expect([0, 1, 2, 3].map((nonce) => ticket('client seed', nonce))).toEqual([30193, 2228, 4979, 82716]);
  });

  test('the keyed ticketer, fairTicket and Node HMAC agree on any key, seed, nonce and max', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 40 }), fc.nat({ max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 28 }), (key, seed, nonce, max) => {
        const keyed = keyedTicketer(key)(seed, nonce, max);
        expect(keyed).toBe(fairTicket(key, seed, nonce, max));
        expect(keyed).toBe(nodeTicket(key, seed, nonce, max));
      }),
      { numRuns: 300 },
    );
  });

  test('one ticketer switching between client seeds of any script gives the reference tickets', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.array(fc.tuple(fc.string({ unit: 'binary', maxLength: 20 }), fc.nat({ max: Number.MAX_SAFE_INTEGER })), { maxLength: 8 }), (key, rolls) => {
        const ticket = keyedTicketer(key);
        for (const [seed, nonce] of rolls) expect(ticket(seed, nonce)).toBe(nodeTicket(key, seed, nonce));
      }),
      { numRuns: 200 },
    );
  });

  test('one ticketer reused for many nonces keeps no state between tickets', () => {
    const ticket = keyedTicketer(BEACON);
    const forward = Array.from({ length: 50 }, (_, n) => ticket(BATTLE_SEED, n));
    const backward = Array.from({ length: 50 }, (_, n) => ticket(BATTLE_SEED, 49 - n)).toReversed();
    expect(forward).toEqual(backward);
    expect(forward).toEqual(forward.map((_, n) => nodeTicket(BEACON, BATTLE_SEED, n)));
  });

  test('a digest maps to its first seven hex digits modulo max, plus one', () => {
    expect(ticketFromDigest(Uint8Array.from([0xff, 0xff, 0xff, 0xff]), 100_000)).toBe((0xfffffff % 100_000) + 1);
    expect(ticketFromDigest(Uint8Array.from([0x00, 0x00, 0x00, 0x1f]), 100_000)).toBe(2);
    expect(() => ticketFromDigest(new Uint8Array(3))).toThrow(RangeError);
  });

  const keys = ['seed-a', 'seed-b', BEACON];
  const batch: TicketClaim[] = Array.from({ length: 3_000 }, (_, i) => {
    const key = keys[i % keys.length]!;
    const max = i % 10 === 0 ? 3 : 100_000;
    return { key, client_seed: `client-${i % 7}`, nonce: i, max, ticket: nodeTicket(key, `client-${i % 7}`, i, max) };
  });

  test('a batch of honest tickets over several keys verifies', () => {
    expect(verifyTickets(batch)).toEqual({ ok: true, checked: 3_000, mismatches: [] });
  });

  test('a tampered ticket is reported by its index with both values, and nothing else is', () => {
    const tampered = batch.map((claim) => ({ ...claim }));
    tampered[17] = { ...tampered[17]!, ticket: tampered[17]!.ticket + 1 };
    tampered[2_001] = { ...tampered[2_001]!, nonce: tampered[2_001]!.nonce + 1 };
    const report = verifyTickets(tampered);
    expect(report.ok).toBe(false);
    expect(report.mismatches.map((m) => m.index)).toEqual([17, 2_001]);
    const [first] = report.mismatches;
    expect(first).toEqual({ index: 17, recorded: batch[17]!.ticket + 1, computed: batch[17]!.ticket, message: `ticket 18: ticket ${batch[17]!.ticket + 1} recorded, ${batch[17]!.ticket} computed` });
    expect(report.mismatches[1]!.computed).toBe(nodeTicket(batch[2_001]!.key, batch[2_001]!.client_seed, batch[2_001]!.nonce + 1));
  });

  test('a packed batch round-trips and verifies to the same report, tampering included', () => {
    const tampered = batch.map((claim, i) => (i === 999 ? { ...claim, ticket: claim.ticket === 1 ? 2 : 1 } : claim));
    const packed = packTickets(tampered);
    expect(packed.keys).toHaveLength(3);
    expect(packed.clientSeeds).toHaveLength(7);
    expect(unpackTickets(packed)).toEqual(tampered.map((claim) => ({ ...claim, max: claim.max ?? 100_000 })));
    expect(verifyPackedTickets(packed)).toEqual(verifyTickets(tampered));
    const broken = { ...packed, rows: packed.rows.slice() };
    broken.rows[0] = 7;
    expect(verifyPackedTickets(broken).mismatches[0]).toMatchObject({ index: 0, computed: null, message: 'ticket 1: key or client seed missing from the batch' });
  });

  test('malformed claims are reported, not thrown', () => {
    const report = verifyTickets([
      { key: 'k', client_seed: 'c', nonce: -1, ticket: 1 },
      { key: 'k', client_seed: 'c', nonce: 1.5, ticket: 1 },
      { key: 'k', client_seed: 'c', nonce: 1, max: 0, ticket: 1 },
      { key: 'k', client_seed: 'c', nonce: 1, ticket: nodeTicket('k', 'c', 1) },
    ]);
    expect(report.checked).toBe(4);
    expect(report.mismatches.map((m) => [m.index, m.computed])).toEqual([[0, null], [1, null], [2, null]]);
    expect(report.mismatches[2]!.message).toMatch(/max 0/);
  });

  test('WebCrypto finds the same tickets and the same mismatches as the pure-JS HMAC', async () => {
    const tampered = batch.slice(0, 600).map((claim, i) => (i % 97 === 5 ? { ...claim, ticket: claim.ticket === 1 ? 2 : 1 } : claim));
    tampered.push({ key: 'k', client_seed: 'c', nonce: -4, ticket: 1 });
    expect(await verifyTicketsWebCrypto(tampered, 64)).toEqual(verifyTickets(tampered));
    const ticket = await webCryptoTicketer('server seed');
    expect(await Promise.all([0, 1, 2, 3].map((nonce) => ticket('client seed', nonce)))).toEqual([30193, 2228, 4979, 82716]);
  });
});

describe("the verify modal's ticket", () => {
  test('shows 00000 until key, client seed and a whole nonce are all given', () => {
    for (const input of [
      { key: '', clientSeed: 'client seed', nonce: 0 },
      { key: 'server seed', clientSeed: ' ', nonce: 0 },
      { key: 'server seed', clientSeed: 'client seed', nonce: '' },
      { key: 'server seed', clientSeed: 'client seed', nonce: '1.5' },
      { key: 'server seed', clientSeed: 'client seed', nonce: '-1' },
    ]) {
      expect(modalTicket(input)).toEqual({ ticket: null, digits: EMPTY_TICKET_DIGITS });
    }
  });

  test('shows the ticket digit by digit, zero-padded to five, once everything is given', () => {
    expect(modalTicket({ key: 'server seed', clientSeed: 'client seed', nonce: '3' })).toEqual({ ticket: 82716, digits: '82716' });
    expect(modalTicket({ key: 'server seed', clientSeed: 'client seed', nonce: 1 })).toEqual({ ticket: 2228, digits: '02228' });
    // A battle: the beacon is the key and the battle's server seed the client seed.
    expect(modalTicket({ key: BEACON, clientSeed: BATTLE_SEED, nonce: 7 }).ticket).toBe(nodeTicket(BEACON, BATTLE_SEED, 7));
  });
});

describe('replaying an unbox game', () => {
  test('an honest record with its server seed revealed replays complete and clean', () => {
    const report = replayUnbox(craftUnbox(20, { firstNonce: 5 }));
    expect(report).toMatchObject({ ok: true, complete: true, kind: 'unbox', mismatches: [], pending: [] });
    expect(report.drops).toHaveLength(20);
    expect(report.drops.every((d) => d.ok === true && d.computedTicket === d.recordedTicket && d.computedItem === d.recordedItem)).toBe(true);
  });

  test('before rotation the tickets are pending, but each recorded ticket must still pick its recorded item', () => {
    const record = craftUnbox(4, { revealed: false });
    const report = replayUnbox(record);
    expect(report).toMatchObject({ ok: true, complete: false });
    expect(report.pending).toEqual([expect.stringMatching(/^4 rolls used server seed [0-9a-f]{12}\.\.\., not revealed yet: rotate the seed pair/)]);
    expect(report.drops.every((d) => d.ok === null && d.computedTicket === null)).toBe(true);

    const moved = copy(record);
    moved.drops[1]!.ticket = moved.drops[1]!.ticket <= 500 ? 99_999 : 1;
    expect(messages(replayUnbox(moved))).toEqual([expect.stringMatching(/^round 2: item SF\d+ recorded, SF\d+ computed$/), expect.stringMatching(/^round 2: range \[\d+, \d+\] recorded, \[\d+, \d+\] computed$/)]);
  });

  test('a changed ticket is reported with the round and both tickets', () => {
    const record = craftUnbox(5);
    const honest = record.drops[2]!.ticket;
    record.drops[2]!.ticket = honest + 1;
    const report = replayUnbox(record);
    expect(report.ok).toBe(false);
    expect(report.mismatches[0]).toMatchObject({ where: 'round 3', field: 'ticket', recorded: String(honest + 1), computed: String(honest) });
    expect(report.mismatches[0]!.message).toBe(`round 3: ticket ${honest + 1} recorded, ${honest} computed`);
    expect(report.drops[2]!.ok).toBe(false);
    expect(report.drops.filter((d) => d.ok === false)).toHaveLength(1);
  });

  test('a changed item, range or range table is reported', () => {
    const record = craftUnbox(6);
    const item = copy(record);
    const other = item.boxes[0]!.slots.find((s) => s.item_hash !== item.drops[0]!.item_hash)!.item_hash;
    const recordedItem = item.drops[0]!.item_hash;
    item.drops[0]!.item_hash = other;
    expect(messages(replayUnbox(item))).toEqual([`round 1: item ${other} recorded, ${recordedItem} computed`]);

    const range = copy(record);
    const [from, to] = range.drops[3]!.range;
    range.drops[3]!.range = [from, to + 1];
    expect(messages(replayUnbox(range))).toEqual([`round 4: range [${from}, ${to + 1}] recorded, [${from}, ${to}] computed`]);

    const table = copy(record);
    table.boxes[0]!.slots[0]!.range = [1, 400];
    const report = replayUnbox(table);
    expect(report.mismatches[0]!.field).toBe('range table');
    expect(report.mismatches[0]!.message).toMatch(/Tickets 401\.\.500 belong to no item/);
  });

  test('a server seed that does not hash to the published hash is reported', () => {
    const record = craftUnbox(2);
    for (const drop of record.drops) drop.server_seed = sha256Hex('another seed');
    const report = replayUnbox(record);
    expect(report.mismatches.filter((m) => m.field === 'server seed hash').map((m) => m.where)).toEqual(['round 1', 'round 2']);
  });

  test('a reused nonce, a missing roll and a roll of another case are reported', () => {
    const reused = craftUnbox(3);
    reused.drops[2] = { ...reused.drops[1]!, round: 3, hash: 'SF0000009999' };
    expect(messages(replayUnbox(reused))).toContain('round 3: nonce 1 was already used by round 2 with the same seeds');

    const missing = craftUnbox(3);
    missing.drops.splice(1, 1);
    expect(messages(replayUnbox(missing))).toEqual(['record: 2 rolls recorded, the game says 3 were made', 'round 3: round 3 recorded where round 2 was expected (a roll is missing or repeated)']);

    const otherCase = craftUnbox(1);
    otherCase.drops[0]!.box_version = 2;
    expect(messages(replayUnbox(otherCase))).toEqual([
      `round 1: case ${otherCase.game.box_hash} version 2 recorded, ${otherCase.game.box_hash} version 1 computed`,
      `round 1: case ${otherCase.game.box_hash} version 2 is not in the record`,
    ]);
  });
});

describe('replaying a battle', () => {
  // The decider is given where the plan forces it; the rolled cases must have recorded their rolls.
  const honest: [string, BattlePlan, string | null][] = [
    ['standard, 2 seats', { seats: 2, rounds: 5 }, 'total'],
    ['crazy, 3 seats', { seats: 3, rounds: 5, options: { crazy: true } }, 'total'],
    ['terminal, 4 seats', { seats: 4, rounds: 5, options: { terminal: true } }, null],
    ['kings 2 with crazy, 5 seats', { seats: 5, rounds: 5, options: { kings: 2, crazy: true } }, null],
    ['team 2v2', { seats: 4, rounds: 5, mode: 'team' }, 'total'],
    ['share', { seats: 3, rounds: 1, options: { share: true } }, 'share'],
    ['tie split', { seats: 3, rounds: 1, slots: equalSlots() }, 'tie'],
    ['tiebreak roll', { seats: 3, rounds: 1, slots: equalSlots(), options: { tiebreak: true } }, 'tiebreak'],
    ['rob, nobody commits', { seats: 3, rounds: 5, options: { rob: true } }, 'rob'],
    ['rob, tied pair rolled', { seats: 4, rounds: 1, slots: equalSlots(), options: { rob: true } }, 'rob'],
  ];

  test.each(honest)('an honest %s record replays complete and clean', (name, plan, by) => {
    const record = craftBattle(plan);
    expect(record.game.outcome!.decided_by).toBe(by ?? record.game.outcome!.decided_by);
    expect((record.game.outcome!.tiebreak?.rolls.length ?? 0) > 0).toBe(name.includes('roll'));
    const report = replayBattle(record);
    expect(messages(report)).toEqual([]);
    expect(report).toMatchObject({ ok: true, complete: true, kind: 'battle', pending: [] });
    expect(report.drops).toHaveLength(plan.seats * plan.rounds);
    expect(report.outcome?.winners).toEqual(record.game.outcome!.winners);
    expect(replayGame(record)).toEqual(report);
  });

  test('a tampered rob tiebreak is reported', () => {
    const record = craftBattle({ seats: 4, rounds: 1, slots: equalSlots(), options: { rob: true } });
    record.modes.rob!.tiebreak!.rolls[0]!.ticket += 1;
    expect(replayBattle(record).mismatches.map((m) => [m.where, m.field])).toEqual([['rob', 'tiebreak']]);
  });

  test('rob decisions replay through their commitments: one rob takes all, two robs go to the house', () => {
    const pairOf = (record: ReturnType<typeof craftBattle>) => record.modes.rob!.seats.map((s) => s.seat);
    const probe = craftBattle({ seats: 3, rounds: 5, options: { rob: true } });
    const [a, b] = pairOf(probe) as [number, number];
    const one = craftBattle({ seats: 3, rounds: 5, options: { rob: true }, decisions: [{ seat: a, decision: 'rob' }, { seat: b, decision: 'split' }] });
    expect(one.game.outcome).toMatchObject({ winners: [a], rob: { result: 'rob' } });
    expect(replayBattle(one).ok).toBe(true);
    const both = craftBattle({ seats: 3, rounds: 5, options: { rob: true }, decisions: [{ seat: a, decision: 'rob' }, { seat: b, decision: 'rob' }] });
    expect(both.game.outcome).toMatchObject({ winners: [], payout: { kind: 'house' } });
    expect(replayBattle(both).ok).toBe(true);

    // A revealed decision changed after the commitment: reported, and counted as split.
    const changed = copy(one);
    const robber = changed.modes.rob!.seats.find((s) => s.seat === a)!;
    robber.decision = 'split';
    const report = replayBattle(changed);
    expect(report.mismatches[0]!.message).toMatch(new RegExp(`^rob seat ${a}: decision split does not match its commitment`));
    expect(report.mismatches.some((m) => m.where === 'outcome' && m.field === 'winners')).toBe(true);
  });

  test('a changed ticket is reported as "round r seat s: ticket X recorded, Y computed"', () => {
    const record = craftBattle({ seats: 3, rounds: 5 });
    const drop = record.drops.find((d) => d.round === 2 && d.seat === 3)!;
    const computed = drop.ticket;
    drop.ticket = computed === 100_000 ? 1 : computed + 1;
    const report = replayBattle(record);
    expect(report.ok).toBe(false);
    expect(report.mismatches[0]!.message).toBe(`round 2 seat 3: ticket ${drop.ticket} recorded, ${computed} computed`);
    expect(report.drops.find((d) => d.round === 2 && d.seat === 3)).toMatchObject({ ok: false, recordedTicket: drop.ticket, computedTicket: computed });
  });

  test('a changed winner, payout or crown count is reported against the rules', () => {
    const record = craftBattle({ seats: 3, rounds: 5, options: { kings: 2 } });
    const winner = copy(record);
    const [won] = winner.game.outcome!.winners;
    const loser = [1, 2, 3].find((seat) => seat !== won)!;
    winner.game.outcome!.winners = [loser];
    expect(messages(replayBattle(winner))).toEqual([`outcome: winners [${loser}] recorded, [${won}] computed`]);

    const payout = copy(record);
    payout.game.outcome!.payout.shares[0]!.amount -= 1;
    payout.game.outcome!.payout.house += 1;
    expect(replayBattle(payout).mismatches.map((m) => m.field)).toEqual(['payout shares', 'house share']);

    const crowns = copy(record);
    crowns.game.outcome!.standings[0]!.crowns += 1;
    expect(replayBattle(crowns).mismatches.map((m) => m.field)).toEqual(['standings']);
  });

  test('a changed item, range or range table is reported for the drop that used it', () => {
    const record = craftBattle({ seats: 2, rounds: 5 });
    const item = copy(record);
    const drop = item.drops[3]!;
    const honestItem = drop.item_hash;
    drop.item_hash = makeItem(999, 1).hash;
    expect(messages(replayBattle(item))).toEqual([`round ${drop.round} seat ${drop.seat}: item ${drop.item_hash} recorded, ${honestItem} computed`]);

    const range = copy(record);
    range.drops[0]!.range = [range.drops[0]!.range[0], range.drops[0]!.range[1] - 1];
    expect(replayBattle(range).mismatches.map((m) => [m.where, m.field])).toEqual([['round 1 seat 1', 'range']]);

    const table = copy(record);
    table.boxes[0]!.slots[4]!.range = [45_001, 100_001];
    expect(replayBattle(table).mismatches[0]!.message).toMatch(/range table is broken: Tickets 100001\.\.100001 are past the maximum/);
  });

  test('a raised drop value changes the standings the rules give, which no longer match the record', () => {
    const record = craftBattle({ seats: 2, rounds: 5 });
    const [won] = record.game.outcome!.winners;
    const loser = won === 1 ? 2 : 1;
    record.drops.find((d) => d.seat === loser)!.value += 10_000_000;
    const fields = replayBattle(record).mismatches.map((m) => m.field);
    expect(fields).toEqual(expect.arrayContaining(['pot', 'winners', 'standings']));
  });

  test('a wrong nonce, client seed, server seed, missing drop or case of another round is reported', () => {
    const record = craftBattle({ seats: 3, rounds: 5 });
    const nonce = copy(record);
    nonce.drops[4]!.nonce += 1;
    expect(messages(replayBattle(nonce))).toEqual([`round 2 seat 2: nonce 6 recorded, 5 computed`]);

    const clientSeed = copy(record);
    clientSeed.drops[0]!.client_seed = 'someone else';
    expect(messages(replayBattle(clientSeed))).toEqual([`round 1 seat 1: client seed someone else recorded, the battle's server seed ${BATTLE_SEED} expected`]);

    const seed = copy(record);
    seed.game.seed.server_seed_hashed = sha256Hex('a different commitment');
    expect(replayBattle(seed).mismatches.map((m) => [m.where, m.field])).toEqual([['seed', 'server seed hash']]);

    const missing = copy(record);
    missing.drops = missing.drops.filter((d) => !(d.round === 4 && d.seat === 1));
    const report = replayBattle(missing);
    expect(messages(report)).toEqual(['round 4 seat 1: no drop recorded']);
    expect(report.outcome).toBeNull();

    const scheme = copy(record);
    scheme.game.scheme = 'SF13-5';
    expect(replayBattle(scheme).mismatches.filter((m) => m.field === 'case')).toHaveLength(15);
  });

  test('a running battle replays what its record allows and says the rest is pending', () => {
    const record = craftBattle({ seats: 2, rounds: 5 });
    record.game.status = 'running';
    record.game.round = 2;
    record.game.outcome = null;
    record.game.seed.server_seed = null;
    record.drops = record.drops.filter((d) => d.round <= 2).map((d) => ({ ...d, client_seed: null }));
    const report = replayBattle(record);
    expect(report).toMatchObject({ ok: true, complete: false, outcome: null });
    expect(report.pending).toEqual(['The battle has not finished: its server seed is revealed when it ends, and the tickets can be recomputed then.']);
    expect(report.drops.map((d) => d.ok)).toEqual([null, null, null, null]);
  });
});
