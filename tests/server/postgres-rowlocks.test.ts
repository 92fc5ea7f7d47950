/**
 * Row locks instead of one writers' lock (docs/decisions/0058), against a real server on
 * PostgreSQL over HTTP and a second connection of the test's own: what the old design could not
 * pass. Runs when TEST_DATABASE_URL is set (CI sets it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBalanceOrder } from '../../src/features/wallet/balance/balance-order.ts';
import { openDb, type Db } from '../../sim-server/db/database.ts';
import { createLedger, type BalanceChange } from '../../sim-server/db/ledger.ts';
import { serverWithSideConnection } from './harness.ts';
import { freshDatabase, TEST_DATABASE_URL } from './test-db.ts';

/** Settles with 'pending' when `promise` has not settled within `ms`. */
const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe.skipIf(!TEST_DATABASE_URL)('a server on PostgreSQL, row locks', () => {
  const pg = serverWithSideConnection({ startBalance: 10_000 });

  const idOf = async (name: string) => (await pg.server.services.db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', name))!.id;

  test("a row lock held on player A's wallet: player B's deposit answers while A's waits, and A's goes through once it is released", async () => {
    const a = await pg.server.player('rowlock_a');
    const b = await pg.server.player('rowlock_b');
    const aId = await idOf('rowlock_a');
    await pg.side.query('BEGIN');
    try {
      await pg.side.query('SELECT balance FROM accounts WHERE code = $1 FOR UPDATE', [`user:${aId}:main:SFC`]);
      const aDeposit = a.call('wallet-vault.deposit', { amount: 100, stamp: 'rowlock-a-1' });
      const bDeposit = await within(b.call('wallet-vault.deposit', { amount: 100, stamp: 'rowlock-b-1' }), 5_000);
      expect(bDeposit).not.toBe('pending');
      expect((bDeposit as { error?: unknown }).error).toBeUndefined();
      expect(await within(aDeposit, 300)).toBe('pending');
      await pg.side.query('ROLLBACK');
      expect((await aDeposit).error).toBeUndefined();
    } finally {
      await pg.side.query('ROLLBACK').catch(() => {});
    }
    for (const player of [a, b]) expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(100);
    expect((await pg.server.services.ledger.check(pg.server.services.db)).ok).toBe(true);
  });

  test('a money call that meets a serialisation failure after moving money is run again and applies once', async () => {
    const player = await pg.server.player('rowlock_retry');
    const id = await idOf('rowlock_retry');
    // The stamp's row is the body's last write: the first run has moved the money when it fails.
    // A sequence counts the runs (its nextval is not rolled back with them); the first two fail.
    await pg.side.query(`
      DROP SEQUENCE IF EXISTS test_runs; CREATE SEQUENCE test_runs;
      CREATE OR REPLACE FUNCTION test_fail_twice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id = ${id} AND nextval('test_runs') <= 2 THEN RAISE EXCEPTION 'planted serialisation failure' USING ERRCODE = '40001'; END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER IF EXISTS test_fail_twice ON idempotency;
      CREATE TRIGGER test_fail_twice BEFORE INSERT ON idempotency FOR EACH ROW EXECUTE FUNCTION test_fail_twice();`);
    try {
      const socket = await player.socket();
      const answer = await player.call('wallet-vault.deposit', { amount: 250, stamp: 'retry-once-1' });
      expect(answer.error).toBeUndefined();
      expect(Number((await pg.side.query('SELECT last_value FROM test_runs')).rows[0].last_value)).toBe(3);
      expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(250);
      const entries = await pg.server.services.db.all<{ amount: number }>(
        "SELECT l.amount FROM ledger l JOIN accounts a ON a.id = l.debit_account WHERE a.code = ? AND l.type = 'vault_deposit'", `user:${id}:main:SFC`,
      );
      expect(entries).toEqual([{ amount: 250 }]);
      // The same stamp again answers the first result and moves nothing.
      expect((await player.call('wallet-vault.deposit', { amount: 250, stamp: 'retry-once-1' })).response).toEqual(answer.response);
      expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(250);
      // One push for the one change: what the rolled-back runs queued after commit was dropped.
      await socket.next('WALLET_BALANCE_CHANGED', 3_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socket.frames.filter((f) => f.type === 'WALLET_BALANCE_CHANGED')).toHaveLength(1);
      socket.close();
    } finally {
      await pg.side.query('DROP TRIGGER IF EXISTS test_fail_twice ON idempotency');
    }
    expect((await pg.server.services.ledger.check(pg.server.services.db)).ok).toBe(true);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL, two commits on one account interleaved', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let first: Db;
  let second: Db;
  const changes: BalanceChange[] = [];
  const ledger = createLedger({ now: Date.now, onBalanceChange: (change) => changes.push(change) });

  beforeAll(async () => {
    database = await freshDatabase();
    // Two handles, as two processes have: each its own pool.
    first = await openDb({ path: ':memory:', url: database.url });
    second = await openDb({ path: ':memory:', url: database.url });
    await first.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'interleaved', 'interleaved', 0), (2, 'other', 'other', 0)");
    await first.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 1 }, amount: 1_000, type: 'reward' }));
    changes.length = 0;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    database?.drop();
  });

  test("the entry committed later on an account has the larger id, so the header's balance guard never shows an older balance", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstHash = '';
    let firstEntry = 0;
    // The first transaction moves money on player 1 and waits before committing.
    const one = first.transaction(async (tx) => {
      ({ id: firstEntry, hash: firstHash } = await ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 100, type: 'arena_join', ref: 'one' }));
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Meanwhile another account's entry commits first: across accounts ids are not commit order.
    const other = await second.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 2 }, amount: 5, type: 'reward' }));
    // A second transaction on player 1 waits for the first's row lock, and takes its id after.
    const two = second.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 1 }, amount: 40, type: 'reward', ref: 'two' }));
    expect(await within(two, 300)).toBe('pending');
    release();
    await one;
    const later = await two;
    expect(other.id).toBeGreaterThan(firstEntry);
    expect(later.id).toBeGreaterThan(firstEntry);

    // The client's guard, given player 1's pushes in the worst order: the later commit's first.
    const pushOf = (hash: string) => changes.find((c) => c.userId === 1 && c.hash === hash)!;
    const guard = createBalanceOrder();
    const shown = [pushOf(later.hash), pushOf(firstHash)].filter((c) => guard(c.hash) === 'show');
    expect(shown.map((c) => c.balance)).toEqual([940]);
    expect(await ledger.balance(first, { user: 1 })).toBe(940);
    expect((await ledger.check(first)).ok).toBe(true);
  });
});
