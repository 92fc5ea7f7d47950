import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseHash } from '../../src/core/index.ts';
import { setTag } from '../../sim-server/kernel/users.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, ok, testClock, type Client } from './wallet-helpers.ts';

const HOUR = 3_600_000;
const dataDir = mkdtempSync(join(tmpdir(), 'partner-races-'));
const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now, dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new player made a partner the way the sim console does. */
async function partner(name: string): Promise<Client> {
  const client = await server.player(name);
  const user = (await server.services.db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', name))!;
  await server.services.db.transaction((tx) => setTag(tx, user.id, 'partner', true));
  return client;
}

async function referralOf(name: string, partnerName: string): Promise<Client> {
  const client = await server.player(name);
  await ok(client, 'partnership.activateCode', { code: partnerName });
  return client;
}

/** Wagers `count` of the cheapest case; answers the cents wagered. */
async function wager(client: Client, count: 1 | 5 | 10): Promise<number> {
  const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
  await ok(client, 'arena-unbox.create', { box_hash: listing[0]!.hash, count });
  return listing[0]!.price * count;
}

const race = { name: 'Weekend rush', category: 5, prize: 10_000, duration: 2 * 3_600 };

describe('partner races', () => {
  test('only partners run races; a bad category, duration or an uncovered prize is refused and nothing moves', async () => {
    const plain = await server.player('plain_player');
    const before = await balanceOf(plain);
    expect((await plain.call('partnership-plus.create-race', race)).error?.error_code).toBe('DASHBOARD_ACCESS_DENIED');
    const host = await partner('race_refuser');
    const start = await balanceOf(host);
    expect((await host.call('partnership-plus.create-race', { ...race, category: 7 })).error).toEqual({ error_code: 16, error_msg: 'partnership-plus.create-race: category: expected one of 5, 10, 20, 30, 50, 100' });
    expect((await host.call('partnership-plus.create-race', { ...race, duration: 60 })).error?.error_code).toBe(16);
    expect((await host.call('partnership-plus.create-race', { ...race, prize: start + 1 })).error?.error_code).toBe('COMMIT_ERROR');
    expect([await balanceOf(plain), await balanceOf(host)]).toEqual([before, start]);
    expect((await ok(host, 'partnership-plus.races', {})).races).toEqual([]);
  });

  test('a race holds its prize, counts only its referrals\' wagers, hides from strangers, and pays its places once at the end', async () => {
    const host = await partner('race_host');
    const start = await balanceOf(host);
    const { race: made } = await ok(host, 'partnership-plus.create-race', race);
    expect(made).toMatchObject({ name: 'Weekend rush', category: 5, prize: 10_000, status: 'running', partner: { name: 'race_host' } });
    expect(await balanceOf(host)).toBe(start - 10_000);

    const fast = await referralOf('race_fast', 'race_host');
    const slow = await referralOf('race_slow', 'race_host');
    const stranger = await server.player('race_stranger');
    const fastWager = await wager(fast, 10);
    const slowWager = await wager(slow, 1);
    await wager(stranger, 10);

    const seen = await ok(slow, 'partnership-plus.race', { id: made.id });
    expect(seen.standings).toEqual([
      { place: 1, user_hash: expect.any(String), name: 'race_fast', wagered: fastWager, prize: 3_335 },
      { place: 2, user_hash: expect.any(String), name: 'race_slow', wagered: slowWager, prize: 2_666 },
    ]);
    expect((await ok(fast, 'partnership-plus.races', {})).races.map((r) => r.id)).toEqual([made.id]);
    expect((await stranger.call('partnership-plus.race', { id: made.id })).error?.error_code).toBe('RACE_NOT_FOUND');
    expect((await stranger.call('partnership-plus.cancel-race', { id: made.id })).error?.error_code).toBe('DASHBOARD_ACCESS_DENIED');
    const other = await partner('raceother_host');
    expect((await other.call('partnership-plus.cancel-race', { id: made.id })).error?.error_code).toBe('RACE_NOT_FOUND');

    const [fastBefore, slowBefore] = [await balanceOf(fast), await balanceOf(slow)];
    clock.advance(2 * HOUR);
    await Promise.all([host, fast, slow].map((c) => c.renew()));
    // The settle timer runs every few seconds of real time; wait for the race to end.
    await expect.poll(async () => (await ok(host, 'partnership-plus.race', { id: made.id })).race.status, { timeout: 15_000 }).toBe('ended');
    // Five places, two filled: 5/15 (with the cents that do not divide) and 4/15 of the pool
    // are paid, the rest goes back to the partner.
    expect(await balanceOf(fast)).toBe(fastBefore + 3_335);
    expect(await balanceOf(slow)).toBe(slowBefore + 2_666);
    expect(await balanceOf(host)).toBe(start - 3_335 - 2_666);
    expect((await host.call('partnership-plus.cancel-race', { id: made.id })).error).toEqual({ error_code: 19, error_msg: 'The race is over' });
    await expectLedgerOk(server);
  });

  test('changing a race holds or gives back the prize difference; cancelling gives all of it back', async () => {
    const host = await partner('race_changer');
    const start = await balanceOf(host);
    const { race: made } = await ok(host, 'partnership-plus.create-race', race);
    const { race: bigger } = await ok(host, 'partnership-plus.change-race', { ...race, id: made.id, prize: 15_000, category: 10, name: 'Bigger rush' });
    expect(bigger).toMatchObject({ prize: 15_000, category: 10, name: 'Bigger rush' });
    expect(await balanceOf(host)).toBe(start - 15_000);
    await ok(host, 'partnership-plus.change-race', { ...race, id: made.id, prize: 8_000 });
    expect(await balanceOf(host)).toBe(start - 8_000);
    const { race: cancelled } = await ok(host, 'partnership-plus.cancel-race', { id: made.id });
    expect(cancelled.status).toBe('cancelled');
    expect(await balanceOf(host)).toBe(start);
    await expectLedgerOk(server);
  });

  test('a race that ends while the server is stopped is paid once when it starts again, and not again on the next start', async () => {
    const host = await partner('restart_host');
    const player = await referralOf('restart_ref', 'restart_host');
    const { race: made } = await ok(host, 'partnership-plus.create-race', { ...race, category: 5, prize: 1_500 });
    await wager(player, 5);
    const before = await balanceOf(player);

    await server.close();
    clock.advance(3 * HOUR);
    for (let run = 0; run < 2; run++) {
      server = await startServer({ now: clock.now, dataDir });
      const ended = (await server.services.db.get<{ status: string }>('SELECT status FROM partner_races WHERE id = ?', parseHash(made.id)))!;
      expect(ended.status).toBe('ended');
      const paid = await server.services.db.get<{ n: number; total: number }>("SELECT COUNT(*) AS n, SUM(amount) AS total FROM ledger WHERE type = 'event_leaderboard' AND ref = ?", made.id);
      expect(paid).toEqual({ n: 1, total: 500 });
      await expectLedgerOk(server);
      if (run === 0) await server.close();
    }
    // The same player, signed in on the restarted server.
    expect(await balanceOf(await server.player('restart_ref'))).toBe(before + 500);
  });
});
