import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { prizeOf } from '../../src/core/race-periods.ts';
import { balanceOf, cheapestCase, ok, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'arena-race-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DAY = 86_400_000;
// A Monday, noon UTC: the daily and weekly periods began at midnight.
const MONDAY_NOON = Date.UTC(2026, 0, 5, 12);

async function serverAt(now: number): Promise<TestServer> {
  return startServer({ dataDir, now: () => now });
}

const prizesPaid = (server: TestServer) =>
  server.services.db.all<{ user_id: number; amount: number; ref: string }>(
    `SELECT a.user_id, l.amount, l.ref FROM ledger l JOIN accounts a ON a.id = l.credit_account WHERE l.type = 'event_leaderboard' ORDER BY l.id`,
  );

async function history(client: Client) {
  return ((await ok(client, 'wallet.getHistory', { count: 100 })) as { actions: { type: string; amount: number }[] }).actions;
}

describe('the wager race', () => {
  test('a live board ranks wagers; a period that ended while the server was stopped is paid once on start', async () => {
    let server = await serverAt(MONDAY_NOON);
    const [ann, bob, cid] = [await server.player('race_ann'), await server.player('race_bob'), await server.player('race_cid')];
    const box = await cheapestCase(ann);
    // Bob wagers most, then ann, then cid; a visitor sees the same board without a place.
    await ok(bob, 'arena-unbox.create', { box_hash: box.hash, count: 20 });
    await ok(ann, 'arena-unbox.create', { box_hash: box.hash, count: 10 });
    await ok(cid, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    await ok(cid, 'arena-unbox.create', { box_hash: box.hash, count: 5 });

    const board = await ok(ann, 'race.leaderboard', { period: 'daily' });
    expect(board).toMatchObject({ period: 'daily', start: Date.UTC(2026, 0, 5), end: Date.UTC(2026, 0, 6), ends_in: 12 * 3600, paid: false, players: 3 });
    expect(board.leaders.map((l) => [l.place, l.user.name, l.wagered, l.prize])).toEqual([
      [1, 'race_bob', 20 * box.price, prizeOf('daily', 1)],
      // Equal totals: ann got there first.
      [2, 'race_ann', 10 * box.price, prizeOf('daily', 2)],
      [3, 'race_cid', 10 * box.price, prizeOf('daily', 3)],
    ]);
    expect(board.me).toEqual({ place: 2, wagered: 10 * box.price, prize: prizeOf('daily', 2) });
    expect(board.prizes.reduce((a, b) => a + b, 0)).toBe(board.pool);
    const weekly = await ok(server.client(), 'race.leaderboard', { period: 'weekly' });
    expect(weekly).toMatchObject({ start: Date.UTC(2026, 0, 5), end: Date.UTC(2026, 0, 12), me: null, players: 3 });

    // Bad input answers INPUT_ERROR and moves nothing.
    expect((await ann.call('race.leaderboard', { period: 'yearly' })).error).toMatchObject({ error_code: 16 });
    expect((await ann.call('race.leaderboard', { period: 'daily', start: Date.UTC(2026, 0, 5, 3) })).error).toMatchObject({ error_code: 16 });
    expect((await ann.call('race.leaderboard', { period: 'daily', start: Date.UTC(2026, 0, 9) })).error).toMatchObject({ error_code: 16 });
    const before = { ann: await balanceOf(ann), bob: await balanceOf(bob), cid: await balanceOf(cid) };
    expect(await prizesPaid(server)).toEqual([]);
    await server.close();

    // Stopped over the end of the day and the week: the first start pays both, once.
    server = await serverAt(MONDAY_NOON + 8 * DAY);
    const paid = await prizesPaid(server);
    const dailyAndWeekly = (place: number) => prizeOf('daily', place) + prizeOf('weekly', place);
    expect(paid).toHaveLength(6);
    const [ann2, bob2, cid2] = [await server.player('race_ann'), await server.player('race_bob'), await server.player('race_cid')];
    expect(await balanceOf(bob2)).toBe(before.bob + dailyAndWeekly(1));
    expect(await balanceOf(ann2)).toBe(before.ann + dailyAndWeekly(2));
    expect(await balanceOf(cid2)).toBe(before.cid + dailyAndWeekly(3));
    expect((await history(bob2)).filter((e) => e.type === 'event_leaderboard').map((e) => e.amount).sort()).toEqual([prizeOf('daily', 1), prizeOf('weekly', 1)].sort());
    const past = await ok(ann2, 'race.leaderboard', { period: 'daily', start: Date.UTC(2026, 0, 5) });
    expect(past).toMatchObject({ paid: true, ends_in: 0, me: { place: 2 } });
    // The month has not ended: nothing paid for it yet.
    expect((await ok(ann2, 'race.leaderboard', { period: 'monthly' })).paid).toBe(false);
    expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
    await server.close();

    // Another restart (and the timer's ticks) pays nothing more.
    server = await serverAt(MONDAY_NOON + 9 * DAY);
    expect(await prizesPaid(server)).toEqual(paid);
    const bob3 = await server.player('race_bob');
    expect(await balanceOf(bob3)).toBe(before.bob + dailyAndWeekly(1));
    await server.close();
  });
});
