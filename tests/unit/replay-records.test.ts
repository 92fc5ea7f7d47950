// The replay against records of the real sim-server (started in-process on port 0, its clock
// stepped by the test): what arena.game answers must replay clean, and any edit must show.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isBattleDetail, type QueryValue } from '../../src/contract/index.ts';
import { hashDecision } from '../../src/core/fair-ticket.ts';
import { replayBattle, replayGame, replayUnbox, verifyTickets } from '../../src/core/replay.ts';
import { battle, createBattle, startBattleServer, type BattleServer } from '../server/battles-helpers.ts';
import { ok, openCases, type Client } from '../server/cases-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
}, 30_000);
afterAll(() => s.server.close());

async function unboxRecord(player: Client, token: string) {
  const record = await ok(player, 'arena.game', { hash: token });
  if (isBattleDetail(record)) throw new Error(`${token} is a battle`);
  return record;
}

describe('records of the sim-server', () => {
  test('an unbox game replays pending before the seed rotates, clean and complete after; edits are reported', { timeout: 30_000 }, async () => {
    const player = await s.server.player('rp_opener');
    const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
    const { created } = await openCases(player, listing.at(-1)!.hash, 10);

    const hidden = replayUnbox(await unboxRecord(player, created.game.token));
    expect(hidden).toMatchObject({ ok: true, complete: false, mismatches: [] });
    expect(hidden.pending).toHaveLength(1);

    await ok(player, 'user.seed', { rotate: 1 });
    const record = await unboxRecord(player, created.game.token);
    const report = replayGame(record);
    expect(report).toMatchObject({ ok: true, complete: true, kind: 'unbox', mismatches: [], pending: [] });
    expect(report.drops).toHaveLength(10);
    expect(report.drops.every((d) => d.ok === true)).toBe(true);

    // The same rolls as a bulk ticket batch.
    const batch = record.drops.map((d) => ({ key: d.server_seed!, client_seed: d.client_seed, nonce: d.nonce, max: 100_000, ticket: d.ticket }));
    expect(verifyTickets(batch)).toEqual({ ok: true, checked: 10, mismatches: [] });

    const ticket = structuredClone(record);
    ticket.drops[6]!.ticket += 1;
    expect(replayUnbox(ticket).mismatches[0]!.message).toBe(`round 7: ticket ${record.drops[6]!.ticket + 1} recorded, ${record.drops[6]!.ticket} computed`);

    const item = structuredClone(record);
    const other = item.boxes[0]!.slots.find((slot) => slot.item_hash !== item.drops[0]!.item_hash)!;
    item.drops[0]!.item_hash = other.item_hash;
    expect(replayUnbox(item).mismatches.map((m) => [m.where, m.field])).toEqual([['round 1', 'item']]);

    const range = structuredClone(record);
    range.boxes[0]!.slots[0]!.range = [range.boxes[0]!.slots[0]!.range[0], range.boxes[0]!.slots[0]!.range[1] + 1];
    expect(replayUnbox(range).mismatches[0]!.field).toBe('range table');
  });

  const modes: [string, string, Record<string, QueryValue>][] = [
    ['a standard 3-seat battle', 'rp_standard', { number: 3 }],
    ['a crazy kings battle of 4 seats', 'rp_kings', { number: 4, options: { crazy: 1 }, kings: 2 }],
    ['a 2v2 team battle', 'rp_team', { mode: 'team', number: 4 }],
    ['a terminal tiebreak battle', 'rp_terminal', { number: 2, options: { terminal: 1, tiebreak: 1 } }],
    ['a share battle', 'rp_share', { number: 5, options: { share: 1 } }],
  ];

  test.each(modes)('%s with bots replays clean; a changed ticket or winner is reported', { timeout: 30_000 }, async (_, name, params) => {
    const host = await s.server.player(name);
    const created = await createBattle(host, params, 5);
    await ok(host, 'arena-battle.callBots', { hash: created.game.hash });
    const record = await s.playToEnd(host, created.game.token);
    expect(record.game.status).toBe('finished');
    const report = replayBattle(record);
    expect(report.mismatches).toEqual([]);
    expect(report).toMatchObject({ ok: true, complete: true });
    expect(report.drops).toHaveLength(record.game.seats * 5);
    expect(report.outcome!.winners).toEqual(record.game.outcome!.winners);

    const ticket = structuredClone(record);
    const drop = ticket.drops.find((d) => d.round === 2 && d.seat === 2)!;
    const honest = drop.ticket;
    drop.ticket = honest === 1 ? 2 : honest - 1;
    expect(replayBattle(ticket).mismatches[0]!.message).toBe(`round 2 seat 2: ticket ${drop.ticket} recorded, ${honest} computed`);

    const winner = structuredClone(record);
    winner.game.outcome!.winners = [9];
    expect(replayBattle(winner).mismatches.map((m) => m.field)).toEqual(['winners']);
  });

  test('a rob battle replays the revealed decisions through their commitments', { timeout: 30_000 }, async () => {
    const host = await s.server.player('rp_robhost');
    const guest = await s.server.player('rp_robguest');
    const created = await createBattle(host, { number: 2, options: { rob: 1 } }, 5);
    await ok(guest, 'arena-battle.join', { token: created.game.token });
    const token = created.game.token;
    for (let i = 0; i < 60 && (await battle(host, token)).game.status !== 'rob'; i++) await s.advance(1_000);
    await ok(host, 'arena-mode-rob.commit', { token, decision_hashed: hashDecision('rob', 'hostSalt') });
    await ok(guest, 'arena-mode-rob.commit', { token, decision_hashed: hashDecision('split', 'guestSalt') });
    await ok(host, 'arena-mode-rob.reveal', { token, decision: 'rob', decision_salt: 'hostSalt' });
    await ok(guest, 'arena-mode-rob.reveal', { token, decision: 'split', decision_salt: 'guestSalt' });
    const record = await battle(host, token);
    expect(record.game.outcome).toMatchObject({ decided_by: 'rob', winners: [1], rob: { result: 'rob' } });
    expect(replayBattle(record)).toMatchObject({ ok: true, complete: true, mismatches: [] });

    const flipped = structuredClone(record);
    flipped.modes.rob!.seats[1]!.decision = 'rob';
    const messages = replayBattle(flipped).mismatches.map((m) => m.message);
    expect(messages[0]).toMatch(/^rob seat 2: decision rob does not match its commitment/);
  });
});
