import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashDecision } from '../../src/core/index.ts';
import { balanceOf, ok, type Client } from './cases-helpers.ts';
import { battle, createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

/** A 2-seat rob-mode battle of two players, stepped to its split-or-rob phase. */
async function robPhase(hostName: string, guestName: string) {
  const host = await s.server.player(hostName);
  const guest = await s.server.player(guestName);
  const created = await createBattle(host, { number: 2, options: { rob: 1 } });
  await ok(guest, 'arena-battle.join', { token: created.game.token });
  for (let i = 0; i < 30 && (await battle(host, created.game.token)).game.status !== 'rob'; i++) await s.advance(1_000);
  const detail = await battle(host, created.game.token);
  expect(detail.game.status).toBe('rob');
  expect(detail.modes.rob).toMatchObject({ status: 'commit', seats: [{ seat: 1, decision_hashed: null }, { seat: 2, decision_hashed: null }] });
  return { host, guest, token: created.game.token };
}

async function refusedRob(client: Client, method: string, params: Record<string, string>, message: string) {
  const answer = await client.call(method, params);
  expect(answer.error).toEqual({ error_code: 19, error_msg: message });
}

describe('rob mode', () => {
  test('a reveal that does not match its commitment is refused and changes nothing; one rob against a split takes every drop', async () => {
    const { host, guest, token } = await robPhase('rob_host', 'rob_guest');
    const outsider = await s.server.player('rob_outsider');
    await refusedRob(host, 'arena-mode-rob.reveal', { token, decision: 'rob', decision_salt: 'hostSalt' }, 'Decisions are revealed once every commit is in');
    const hostCommit = hashDecision('rob', 'hostSalt');
    await ok(host, 'arena-mode-rob.commit', { token, decision_hashed: hostCommit });
    await refusedRob(host, 'arena-mode-rob.commit', { token, decision_hashed: hostCommit }, 'Your decision is already committed');
    await refusedRob(outsider, 'arena-mode-rob.commit', { token, decision_hashed: hostCommit }, 'Only the two leading players choose');
    expect((await host.call('arena-mode-rob.commit', { token, decision_hashed: 'not-hex' })).error?.error_code).toBe(16);
    const opened = await ok(guest, 'arena-mode-rob.commit', { token, decision_hashed: hashDecision('split', 'guestSalt') });
    expect(opened.rob.status).toBe('reveal');

    const before = await battle(host, token);
    await refusedRob(host, 'arena-mode-rob.reveal', { token, decision: 'rob', decision_salt: 'wrongSalt' }, 'The decision and salt do not match your commitment');
    await refusedRob(host, 'arena-mode-rob.reveal', { token, decision: 'split', decision_salt: 'hostSalt' }, 'The decision and salt do not match your commitment');
    expect(await battle(host, token)).toEqual(before);

    const revealed = await ok(host, 'arena-mode-rob.reveal', { token, decision: 'rob', decision_salt: 'hostSalt' });
    expect(revealed.rob.seats[0]).toMatchObject({ decision: 'rob', decision_salt: 'hostSalt', decision_hashed: hostCommit });
    expect(revealed.rob.seats[1]).toMatchObject({ decision: null, decision_salt: null });
    const finished = await ok(guest, 'arena-mode-rob.reveal', { token, decision: 'split', decision_salt: 'guestSalt' });
    expect(finished.rob.status).toBe('finished');

    const done = await battle(host, token);
    expect(done.game.status).toBe('finished');
    expect(done.game.outcome).toMatchObject({ decided_by: 'rob', winners: [1], payout: { kind: 'drops' }, rob: { pair: [1, 2], result: 'rob' } });
    const items = (await ok(host, 'inventory.getAssets', {})).items.map((a) => a.hash).toSorted();
    expect(items).toEqual(done.drops.map((d) => d.asset_hash).toSorted());
    expect((await ok(guest, 'inventory.getAssets', {})).items).toEqual([]);
  });

  test('a seat that commits nothing in time counts as split: split and split halve the pot in coins', async () => {
    const { host, guest, token } = await robPhase('split_host', 'split_guest');
    const [hostStart, guestStart] = [await balanceOf(host), await balanceOf(guest)];
    await ok(host, 'arena-mode-rob.commit', { token, decision_hashed: hashDecision('split', 'salty') });
    await s.advance(20_000);
    const reveal = await battle(host, token);
    expect(reveal.modes.rob?.status).toBe('reveal');
    await refusedRob(guest, 'arena-mode-rob.reveal', { token, decision: 'rob', decision_salt: 'late' }, 'No decision was committed in time; it counts as split');
    await ok(host, 'arena-mode-rob.reveal', { token, decision: 'split', decision_salt: 'salty' });

    const done = await battle(host, token);
    const { pot, payout } = done.game.outcome!;
    expect(done.game.outcome).toMatchObject({ decided_by: 'rob', winners: [1, 2], rob: { result: 'split' } });
    const half = Math.floor(pot / 2);
    expect(payout).toEqual({ kind: 'coins', shares: [{ seat: 1, amount: half }, { seat: 2, amount: half }], house: pot - 2 * half });
    expect([(await balanceOf(host)) - hostStart, (await balanceOf(guest)) - guestStart]).toEqual([half, half]);
    // The items stay with the house: nobody's inventory grew.
    expect(done.drops.every((d) => d.asset_hash === null)).toBe(true);
    const rewards = (await s.server.services.db.get<{ sum: number }>("SELECT SUM(amount) AS sum FROM ledger WHERE ref = ? AND type = 'arena_reward'", done.game.hash))!;
    expect(rewards.sum).toBe(2 * half);
    expect((await s.server.services.ledger.check(s.server.services.db)).ok).toBe(true);
  });
});
