import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb } from '../../sim-server/db/database.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { createClient, startServer, type TestServer } from './harness.ts';
import { databaseFor, openTestDb, TEST_DATABASE_URL } from './test-db.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ startBalance: 3_700 });
});
afterAll(() => server.close());

const balances = async (client: ReturnType<TestServer['client']>) => {
  const info = (await client.call('wallet-vault.info')).response as { amount: number };
  const me = (await client.call('user.getUser')).response as { user_wallet: { balance: number } };
  return { wallet: me.user_wallet.balance, vault: info.amount };
};

describe('the ledger over HTTP', () => {
  test('200 concurrent debits against a balance that covers 37: exactly 37 succeed, never negative', async () => {
    const player = await server.player('debit_racer');
    const answers = await Promise.all(Array.from({ length: 200 }, () => player.call('wallet-vault.deposit', { amount: 100 })));
    expect(answers.filter((a) => a.response)).toHaveLength(37);
    expect(answers.filter((a) => a.error?.error_code === 'COMMIT_ERROR')).toHaveLength(163);
    expect(await balances(player)).toEqual({ wallet: 0, vault: 3_700 });
    expect(await server.services.ledger.check(server.services.db)).toMatchObject({ ok: true });
  });

  test('the same stamp sent 50 times at once moves money once and answers alike', async () => {
    const player = await server.player('stamp_repeater');
    const answers = await Promise.all(Array.from({ length: 50 }, () => player.call('wallet-vault.deposit', { amount: 500, stamp: 'req-1' })));
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
    expect(await balances(player)).toEqual({ wallet: 3_200, vault: 500 });
    // A new stamp is a new request.
    await player.call('wallet-vault.deposit', { amount: 500, stamp: 'req-2' });
    expect(await balances(player)).toEqual({ wallet: 2_700, vault: 1_000 });
  });

  test('a stamp reused for another method is refused and moves nothing', async () => {
    const player = await server.player('stamp_mixer');
    await player.call('wallet-vault.deposit', { amount: 100, stamp: 'same' });
    const answer = await player.call('wallet-vault.withdraw', { amount: 100, stamp: 'same' });
    expect(answer.error).toEqual({ error_code: 'STAMP_CONFLICT', error_msg: 'stamp: already used for another call' });
    expect(await balances(player)).toEqual({ wallet: 3_600, vault: 100 });
  });

  test('a stamp reused with other params answers STAMP_CONFLICT and moves nothing; the same params in another order answer the first result', async () => {
    const player = await server.player('stamp_params');
    const first = await player.call('wallet-vault.deposit', { amount: 100, stamp: 'bound' });
    const other = await player.call('wallet-vault.deposit', { amount: 250, stamp: 'bound' });
    expect(other.error).toEqual({ error_code: 'STAMP_CONFLICT', error_msg: 'stamp: already used for another call' });
    expect(await balances(player)).toEqual({ wallet: 3_600, vault: 100 });
    // A JSON retry with the keys in another order is the same call.
    expect(await player.post('wallet-vault.deposit', { stamp: 'bound', amount: 100 })).toEqual(first);
    expect(await balances(player)).toEqual({ wallet: 3_600, vault: 100 });
  });

  test('a stamp is per player: another player may use the same one', async () => {
    const a = await server.player('stampowner_a');
    const b = await server.player('stampowner_b');
    await a.call('wallet-vault.deposit', { amount: 100, stamp: 'shared' });
    await b.call('wallet-vault.deposit', { amount: 300, stamp: 'shared' });
    expect((await balances(b)).vault).toBe(300);
  });

  test('the vault refuses to withdraw while locked or empty, and refuses a second lock', async () => {
    let clock = Date.now();
    const local = await startServer({ now: () => clock });
    try {
      const player = await local.player('vault_locker');
      expect((await player.call('wallet-vault.lock', { lock_time: 600 })).error?.error_msg).toBe('The vault is empty');
      expect((await player.call('wallet-vault.withdraw', { amount: 1 })).error?.error_msg).toBe('The vault is empty');
      await player.call('wallet-vault.deposit', { amount: 5_000 });
      expect((await player.call('wallet-vault.lock', { lock_time: 601 })).error?.error_code).toBe(16);
      const locked = await player.call('wallet-vault.lock', { lock_time: 600 });
      expect((locked.response as { lock_time: number }).lock_time).toBe(Math.floor(clock / 1000) + 600);
      expect((await player.call('wallet-vault.lock', { lock_time: 600 })).error?.error_msg).toBe('The vault is already locked');
      expect((await player.call('wallet-vault.withdraw', { amount: 1 })).error?.error_msg).toMatch(/locked until/);
      clock += 601_000;
      expect((await player.call('wallet-vault.withdraw', { amount: 5_000 })).response).toMatchObject({ amount: 0, balance: 100_000, lock_time: 0 });
    } finally {
      await local.close();
    }
  });
});

describe('the ledger invariants', () => {
  test('after a seeded random mix of transfers every balance matches its entries and the sum is deposits minus withdrawals', async () => {
    // One database, emptied before each run (a fresh PostgreSQL database per run would be slow).
    const db = await openTestDb();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ from: fc.integer({ min: 0, max: 5 }), to: fc.integer({ min: 0, max: 5 }), amount: fc.integer({ min: 1, max: 50_000 }) }), { maxLength: 60 }),
          async (ops) => {
            for (const table of ['ledger', 'accounts', 'users']) await db.run(`DELETE FROM ${table}`);
            const ledger = createLedger({ now: Date.now });
            // 0 is the outside world, 1 a house account, 2..5 players.
            const ref = (n: number) => (n === 0 ? { world: true as const } : n === 1 ? { house: 'arena' } : { user: n });
            for (const id of [2, 3, 4, 5]) await db.run('INSERT INTO users (id, name, display_name, created_at) VALUES (?, ?, ?, 0)', id, `player_${id}`, `p${id}`);
            for (const op of ops) {
              if (op.from === op.to) continue;
              try {
                await db.transaction((tx) => ledger.transfer(tx, { from: ref(op.from), to: ref(op.to), amount: op.amount, type: 'reward' }));
              } catch (error) {
                if ((error as { code?: unknown }).code !== 'COMMIT_ERROR') throw error;
              }
            }
            return (await ledger.check(db)).ok;
          },
        ),
        { seed: 20261122, numRuns: 150 },
      );
    } finally {
      await db.close();
    }
    // About 9,000 transactions: each is a few network round trips on PostgreSQL.
  }, TEST_DATABASE_URL ? 180_000 : undefined);

  test('a failed debit leaves no entry and no balance change behind', async () => {
    const db = await openTestDb();
    const ledger = createLedger({ now: Date.now });
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'poor_player', 'poor', 0)");
    await db.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 1 }, amount: 100, type: 'signup_bonus' }));
    await expect(db.transaction(async (tx) => {
        await ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 60, type: 'arena_join' });
        await ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 60, type: 'arena_join' });
      })).rejects.toThrow('Not enough funds');
    expect(await ledger.balance(db, { user: 1 })).toBe(100);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n).toBe(1);
    await db.close();
  });
});

describe('durability', () => {
  test('killing the server mid-run and restarting loses no committed entry', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-kill-'));
    const database = await databaseFor(dataDir);
    try {
      const first = await spawnServer(dataDir);
      const player = createClient(first.url);
      await player.signIn('durable_player', 'secret-pass');
      const acknowledged: string[] = [];
      const run = { stopped: false };
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; !run.stopped; i++) {
          const stamp = `w${w}-${i}`;
          try {
            const answer = await player.call('wallet-vault.deposit', { amount: 1, stamp });
            if (answer.response) acknowledged.push(stamp);
          } catch {
            return; // the connection died with the server
          }
        }
      });
      // Killed once enough writes were acknowledged (state, not a delay: a busy machine is slow).
      while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
      first.kill();
      run.stopped = true;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThan(10);

      const second = await spawnServer(dataDir);
      let vault: number;
      try {
        const again = createClient(second.url);
        await again.signIn('durable_player', 'secret-pass');
        vault = ((await again.call('wallet-vault.info')).response as { amount: number }).amount;
      } finally {
        second.kill();
      }
      // Every acknowledged deposit is there; an unacknowledged one may also have committed.
      expect(vault).toBeGreaterThanOrEqual(acknowledged.length);
      // The server owns its database file while it runs, so it is read once the server is gone.
      await second.exited;
      {
        const db = await openDb({ path: join(dataDir, 'arena.db'), url: database?.url });
        const stamps = new Set((await db.all<{ stamp: string }>('SELECT stamp FROM idempotency')).map((r) => r.stamp));
        expect(acknowledged.filter((s) => !stamps.has(s))).toEqual([]);
        expect((await createLedger({ now: Date.now }).check(db)).ok).toBe(true);
        expect(vault).toBe(stamps.size);
        await db.close();
      }
    } finally {
      database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two server starts: on PostgreSQL each also connects and checks the migrations over the network.
  }, TEST_DATABASE_URL ? 90_000 : undefined);
});

/** Runs sim-server/main.ts as its own process, so it can be killed with SIGKILL. */
async function spawnServer(dataDir: string): Promise<{ url: string; kill(): void; exited: Promise<void> }> {
  const database = await databaseFor(dataDir);
  const child = spawn(process.execPath, ['sim-server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: '/nonexistent', RATE_LIMIT_MAX: '0', DATABASE_URL: database?.url ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, kill: () => child.kill('SIGKILL'), exited };
}

describe('account identity', () => {
  test('an account created in a rolled-back transaction is created afresh by the next one', async () => {
    const db = await openTestDb();
    const ledger = createLedger({ now: Date.now });
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'first_payee', 'first', 0)");
    await expect(db.transaction(async (tx) => {
        await ledger.transfer(tx, { from: { house: 'fresh' }, to: { user: 1 }, amount: 10, type: 'reward' });
        throw new Error('abandon');
      })).rejects.toThrow('abandon');
    await db.transaction((tx) => ledger.transfer(tx, { from: { house: 'fresh' }, to: { user: 1 }, amount: 25, type: 'reward' }));
    expect(await ledger.balance(db, { user: 1 })).toBe(25);
    expect(await ledger.balance(db, { house: 'fresh' })).toBe(-25);
    expect((await ledger.check(db)).ok).toBe(true);
    await db.close();
  });
});

describe('deposit bonus lock (docs/decisions/0034)', () => {
  test('a loss eats own coins, then the bonus, then sponsored coins; counted wagers free the bonus, held battle seats do not; cash-outs stop at the withdrawable part', async () => {
    const db = await openTestDb();
    const ledger = createLedger({ now: Date.now });
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'bonus_holder', 'bonus', 0)");
    const me = { user: 1 } as const;
    const house = { house: 'games' } as const;
    await db.transaction(async (tx) => {
      await ledger.transfer(tx, { from: { house: 'seed' }, to: me, amount: 1_000, type: 'reward' });
      await ledger.lend(tx, 1, 500);
      await ledger.payBonus(tx, { from: { house: 'promotions' }, userId: 1, amount: 300, type: 'booster_deposit_bonus', wager: 600 });
    });
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 1_800, sponsored: 500, bonusLocked: 300, bonusWagerLeft: 600, withdrawable: 1_000 });
    // A withdrawal of 1,001 is refused; 1,000 goes.
    await expect(db.transaction((tx) => ledger.transfer(tx, { from: me, to: { world: true }, amount: 1_001, type: 'wallet_withdraw' }))).rejects.toThrow('Not enough withdrawable funds');
    // A held battle seat (not counted) of 900: own coins pay it, nothing else moves.
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: house, amount: 900, type: 'arena_join', ref: 'seat', hold: true }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 900, sponsored: 500, bonusLocked: 300, bonusWagerLeft: 600, withdrawable: 100 });
    // A dice bet (counted) of 250: own 100 then 150 of the bonus.
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: house, amount: 250, type: 'dice_bet' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 650, sponsored: 500, bonusLocked: 150, bonusWagerLeft: 350, withdrawable: 0 });
    await db.transaction((tx) => ledger.transfer(tx, { from: house, to: me, amount: 400, type: 'dice_win' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 1_050, bonusLocked: 150, withdrawable: 400 });
    // Counted wagers of 350 in all free what is left of the bonus.
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: house, amount: 349, type: 'unbox_boxes_bought' }));
    expect(await ledger.split(db, 1)).toMatchObject({ bonusLocked: 150, bonusWagerLeft: 1 });
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: house, amount: 1, type: 'chicken_paid' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 700, sponsored: 500, bonusLocked: 0, bonusWagerLeft: 0, withdrawable: 200 });
    // A new bonus starts its own count.
    await db.transaction((tx) => ledger.payBonus(tx, { from: { house: 'promotions' }, userId: 1, amount: 100, type: 'booster_deposit_bonus', wager: 200 }));
    expect(await ledger.split(db, 1)).toMatchObject({ bonusLocked: 100, bonusWagerLeft: 200, withdrawable: 200 });
    expect((await ledger.check(db)).ok).toBe(true);
  });
});

describe('wager holds (docs/decisions/0049)', () => {
  const setUp = async () => {
    const db = await openTestDb();
    const wagers: { userId: number; amount: number; type: string }[] = [];
    const ledger = createLedger({ now: Date.now, onWager: (_tx, w) => {
      wagers.push({ userId: w.userId, amount: w.amount, type: w.type });
    } });
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'holder', 'holder', 0)");
    return { db, ledger, wagers };
  };
  const me = { user: 1 } as const;
  const arena = { house: 'arena' } as const;

  test('a refund gives back exactly the locked parts the stake took, whole or in part, and the stake is never counted', async () => {
    const { db, ledger, wagers } = await setUp();
    await db.transaction(async (tx) => {
      await ledger.transfer(tx, { from: { house: 'seed' }, to: me, amount: 200, type: 'reward' });
      await ledger.transfer(tx, { from: { house: 'seed' }, to: me, amount: 100, type: 'tip', untilWagered: true });
      await ledger.payBonus(tx, { from: { house: 'promotions' }, userId: 1, amount: 300, type: 'booster_deposit_bonus', wager: 600 });
      await ledger.lend(tx, 1, 400);
    });
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 1_000, sponsored: 400, bonusLocked: 300, toWager: 100, withdrawable: 200 });
    // A seat of 900 eats own 200, tip 100, bonus 300, sponsored 300.
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 900, type: 'arena_join', ref: 'b1', hold: true }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 100, sponsored: 100, bonusLocked: 0, toWager: 0, withdrawable: 0 });
    // Half back: the locked parts come first (sponsored 300, then bonus 150), no own coin freed.
    await db.transaction((tx) => ledger.refundHold(tx, { from: arena, userId: 1, ref: 'b1', amount: 450, type: 'arena_refund' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 550, sponsored: 400, bonusLocked: 150, toWager: 0, withdrawable: 0 });
    // The rest back: everything as before the seat.
    await db.transaction((tx) => ledger.refundHold(tx, { from: arena, userId: 1, ref: 'b1', amount: 450, type: 'arena_refund' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 1_000, sponsored: 400, bonusLocked: 300, toWager: 100, withdrawable: 200 });
    expect(wagers).toEqual([]);
    expect(await ledger.check(db)).toMatchObject({ ok: true, problems: [] });
  });

  test('a settled stake is a counted wager once: it frees tip locks and bonus wagering and runs the wager hook', async () => {
    const { db, ledger, wagers } = await setUp();
    await db.transaction(async (tx) => {
      await ledger.transfer(tx, { from: { house: 'seed' }, to: me, amount: 500, type: 'reward' });
      await ledger.transfer(tx, { from: { house: 'seed' }, to: me, amount: 100, type: 'tip', untilWagered: true });
      await ledger.payBonus(tx, { from: { house: 'promotions' }, userId: 1, amount: 200, type: 'booster_deposit_bonus', wager: 300 });
    });
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 300, type: 'arena_join', ref: 'b2', hold: true }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 500, bonusLocked: 200, bonusWagerLeft: 300, toWager: 100 });
    await db.transaction((tx) => ledger.settleHolds(tx, 'b2'));
    await db.transaction((tx) => ledger.settleHolds(tx, 'b2'));
    expect(wagers).toEqual([{ userId: 1, amount: 300, type: 'arena_join' }]);
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 500, bonusLocked: 0, toWager: 0, withdrawable: 500 });
    // Nothing left to refund once settled.
    await db.transaction((tx) => ledger.refundHold(tx, { from: arena, userId: 1, ref: 'b2', amount: 0 + 1, type: 'arena_refund' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 501, withdrawable: 501 });
  });

  test('a recalled credit takes back the sponsored part of a held stake when it is refunded; a released one frees it', async () => {
    const { db, ledger } = await setUp();
    await db.transaction((tx) => ledger.lend(tx, 1, 500));
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 500, type: 'arena_join', ref: 'b3', hold: true }));
    expect(await db.transaction((tx) => ledger.recall(tx, 1))).toBe(0);
    await db.transaction((tx) => ledger.refundHold(tx, { from: arena, userId: 1, ref: 'b3', amount: 500, type: 'arena_refund' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 0, sponsored: 0 });
    expect(await ledger.balance(db, { house: 'sponsor' })).toBe(0);

    await db.transaction((tx) => ledger.lend(tx, 1, 300));
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 300, type: 'arena_join', ref: 'b4', hold: true }));
    await db.transaction((tx) => ledger.release(tx, 1));
    await db.transaction((tx) => ledger.refundHold(tx, { from: arena, userId: 1, ref: 'b4', amount: 300, type: 'arena_refund' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 300, sponsored: 0, withdrawable: 300 });
    expect((await ledger.check(db)).ok).toBe(true);
  });

  test('a seat part sponsored, part refunded, then settled: its reward is sponsored in the share of what stayed in play; a recalled credit sends that share to the sponsor (docs/decisions/0056)', async () => {
    const { db, ledger } = await setUp();
    await db.transaction(async (tx) => {
      await ledger.transfer(tx, { from: { house: 'seed' }, to: me, amount: 200, type: 'reward' });
      await ledger.lend(tx, 1, 600);
    });
    // Own 200 first, then 600 sponsored: the stake is 3/4 sponsored.
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 800, type: 'arena_join', ref: 'b6', hold: true }));
    // 400 back (sponsored first): 400 stays in play, 200 of it sponsored.
    await db.transaction((tx) => ledger.refundHold(tx, { from: arena, userId: 1, ref: 'b6', amount: 400, type: 'arena_refund' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 400, sponsored: 400, withdrawable: 0 });
    await db.transaction((tx) => ledger.settleHolds(tx, 'b6'));
    await db.transaction((tx) => ledger.transfer(tx, { from: arena, to: me, amount: 1_000, type: 'arena_reward', ref: 'b6' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 1_400, sponsored: 900, withdrawable: 500 });
    expect(await ledger.check(db)).toMatchObject({ ok: true, problems: [] });

    // The same once the credit was given back: the wallet's 900 go back, a later reward pays half to the sponsor.
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 1_000, type: 'arena_join', ref: 'b7', hold: true }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 400, sponsored: 400 });
    expect(await db.transaction((tx) => ledger.recall(tx, 1))).toBe(400);
    await db.transaction((tx) => ledger.settleHolds(tx, 'b7'));
    const sponsor = await ledger.balance(db, { house: 'sponsor' });
    await db.transaction((tx) => ledger.transfer(tx, { from: arena, to: me, amount: 2_000, type: 'arena_reward', ref: 'b7' }));
    expect(await ledger.split(db, 1)).toMatchObject({ balance: 1_000, sponsored: 0, withdrawable: 1_000 });
    expect(await ledger.balance(db, { house: 'sponsor' })).toBe(sponsor + 1_000);
    expect(await ledger.check(db)).toMatchObject({ ok: true, problems: [] });
  });

  test('the check finds locked parts that exceed what their sources paid, though every balance adds up', async () => {
    const { db, ledger } = await setUp();
    await db.transaction((tx) => ledger.lend(tx, 1, 500));
    await db.transaction((tx) => ledger.transfer(tx, { from: me, to: arena, amount: 500, type: 'arena_join', ref: 'b5', hold: true }));
    // A refund that restored the sponsored part twice (what a faulty refund would leave).
    await db.run("UPDATE wager_holds SET held = 500, sponsored = 500 WHERE ref = 'b5'");
    await db.run("UPDATE accounts SET balance = balance + 0, sponsored = 0 WHERE code = 'user:1:main:SFC'");
    await db.transaction((tx) => ledger.transfer(tx, { from: arena, to: me, amount: 500, type: 'arena_refund', ref: 'b5' }));
    await db.run("UPDATE accounts SET sponsored = 500 WHERE code = 'user:1:main:SFC'");
    const check = await ledger.check(db);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual(['user:1:main:SFC: 1000 sponsored but sponsor credits and sponsored winnings net 500']);
  });
});

// The embedded file's owner; on PostgreSQL several processes share the database and timers
// take a lease instead (tests/server/postgres.test.ts).
describe.skipIf(TEST_DATABASE_URL)('one owner', () => {
  test('a second server cannot open a database another one owns, so game timers never run twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-owner-'));
    try {
      const owner = await openDb({ path: join(dir, 'arena.db') });
      await expect(openDb({ path: join(dir, 'arena.db'), busyTimeoutMs: 50 })).rejects.toThrow(/locked/);
      await owner.close();
      const next = await openDb({ path: join(dir, 'arena.db'), busyTimeoutMs: 50 });
      await next.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
