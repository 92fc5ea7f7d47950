/**
 * Statements of one transaction made together (Promise.all) share a round trip on PostgreSQL
 * (pg's pipeline mode, docs/decisions/0059): what must still hold when one of them fails, on
 * both engines where both can say it, on PostgreSQL where only it can.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../sim-server/db/database.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { serverWithSideConnection } from './harness.ts';
import { openTestDb, TEST_DATABASE_URL } from './test-db.ts';

describe('statements made together in one transaction', () => {
  let db: Db;
  const ledger = createLedger({ now: Date.now });
  beforeAll(async () => {
    db = await openTestDb();
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'piper', 'piper', 0), (2, 'other_piper', 'other', 0)");
    await db.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 1 }, amount: 1_000, type: 'reward' }));
  });
  afterAll(() => db?.close());

  const balanceOf = (user: number) => ledger.balance(db, { user });
  const entries = async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;

  test('one that fails among them rolls the transaction back: what went before it and after it moved nothing', async () => {
    const before = await entries();
    await expect(db.transaction(async (tx) => {
      await Promise.all([
        tx.run("UPDATE accounts SET balance = balance - 100 WHERE code = 'user:1:main:SFC'"),
        // amount > 0 is a CHECK of the ledger: this one fails.
        tx.run("INSERT INTO ledger (debit_account, credit_account, amount, type, debit_balance, credit_balance, created_at) VALUES (1, 2, 0, 'reward', 0, 0, 0)"),
        tx.run("UPDATE accounts SET balance = balance + 100 WHERE code = 'user:1:main:SFC'"),
        tx.run("UPDATE accounts SET balance = balance + 100 WHERE code = 'user:1:main:SFC'"),
      ]);
    })).rejects.toThrow(/check/i);
    expect(await balanceOf(1)).toBe(1_000);
    expect(await entries()).toBe(before);
    expect((await ledger.check(db)).ok).toBe(true);
  });

  test('a refused debit whose caller catches the refusal and goes on moves nothing (its credit and entry went out with it)', async () => {
    const before = await entries();
    await db.transaction(async (tx) => {
      await expect(ledger.transfer(tx, { from: { user: 1 }, to: { user: 2 }, amount: 5_000, type: 'tip' })).rejects.toThrow(/Not enough/);
      await ledger.transfer(tx, { from: { user: 1 }, to: { user: 2 }, amount: 10, type: 'reward' });
    });
    expect(await balanceOf(1)).toBe(990);
    expect(await balanceOf(2)).toBe(10);
    expect(await entries()).toBe(before + 1);
    expect((await ledger.check(db)).ok).toBe(true);
  });

  test('statements made together run in the order they were made, even when the first must wait for its text', async () => {
    await db.run('CREATE TABLE pipe_order (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    // The INSERT after DDL waits for the table's identity column (PostgreSQL); the UPDATE made
    // after it must still run after it.
    const [inserted, updated] = await db.transaction((tx) => Promise.all([
      tx.run('INSERT INTO pipe_order (n) VALUES (1)'),
      tx.run('UPDATE pipe_order SET n = n + 10'),
    ]));
    expect(inserted.lastInsertRowid).toBeGreaterThan(0);
    expect(updated.changes).toBe(1);
    expect(await db.get('SELECT n FROM pipe_order WHERE id = ?', inserted.lastInsertRowid)).toEqual({ n: 11 });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL, pipelined statements of a failed transaction', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'piper', 'piper', 0)");
    await db.run("INSERT INTO accounts (code, kind, user_id, currency, balance) VALUES ('user:1:main:SFC', 'user', 1, 'SFC', 500)");
  });
  afterAll(() => db?.close());

  test('every statement after the failed one hears its failure, not "current transaction is aborted"', async () => {
    let settled: PromiseSettledResult<unknown>[] = [];
    await expect(db.transaction(async (tx) => {
      settled = await Promise.allSettled([
        tx.run("UPDATE accounts SET balance = balance + 1 WHERE code = 'user:1:main:SFC'"),
        tx.run("INSERT INTO ledger (debit_account, credit_account, amount, type, debit_balance, credit_balance, created_at) VALUES (1, 1, -5, 'reward', 0, 0, 0)"),
        tx.get("SELECT balance FROM accounts WHERE code = 'user:1:main:SFC'"),
        tx.run("UPDATE accounts SET balance = balance + 1 WHERE code = 'user:1:main:SFC'"),
      ]);
      // The body goes on as if nothing happened: the transaction is aborted all the same.
      return 'done';
    })).rejects.toMatchObject({ code: '23514' });
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const s of settled.slice(1)) expect((s as PromiseRejectedResult).reason).toMatchObject({ code: '23514' });
    expect(await db.get("SELECT balance FROM accounts WHERE code = 'user:1:main:SFC'")).toEqual({ balance: 500 });
  });

  test('a body that catches a failed statement and returns does not pass for committed (PostgreSQL answers its COMMIT with a ROLLBACK)', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.run("UPDATE accounts SET balance = balance + 7 WHERE code = 'user:1:main:SFC'");
      await tx.run('SELECT no_such_column FROM accounts').catch(() => undefined);
    })).rejects.toMatchObject({ code: '42703' });
    expect(await db.get("SELECT balance FROM accounts WHERE code = 'user:1:main:SFC'")).toEqual({ balance: 500 });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL, a money call whose pipelined entry fails', () => {
  const pg = serverWithSideConnection({ startBalance: 10_000 }, (side) => side.query('DROP TRIGGER IF EXISTS test_entry_fails ON ledger'));

  test('a serialisation failure on the entry written with the debit and credit: the call is run again and applies once', async () => {
    const player = await pg.server.player('pipe_retry');
    const id = (await pg.server.services.db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', 'pipe_retry'))!.id;
    const account = `user:${id}:main:SFC`;
    // The entry goes out in one round trip with the debit and the credit, after both ran: the
    // first two runs fail there with 40001, having moved the money in their transaction.
    await pg.side.query(`
      DROP SEQUENCE IF EXISTS test_entry_runs; CREATE SEQUENCE test_entry_runs;
      CREATE OR REPLACE FUNCTION test_entry_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = 'vault_deposit' AND NEW.debit_account = (SELECT id FROM accounts WHERE code = '${account}')
           AND nextval('test_entry_runs') <= 2 THEN
          RAISE EXCEPTION 'planted serialisation failure' USING ERRCODE = '40001';
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER IF EXISTS test_entry_fails ON ledger;
      CREATE TRIGGER test_entry_fails BEFORE INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION test_entry_fails();`);
    try {
      const answer = await player.call('wallet-vault.deposit', { amount: 300, stamp: 'pipe-retry-1' });
      expect(answer.error).toBeUndefined();
      expect(answer.response).toMatchObject({ success: true, amount: 300, balance: 9_700 });
      expect(Number((await pg.side.query('SELECT last_value FROM test_entry_runs')).rows[0].last_value)).toBe(3);
      const rows = await pg.server.services.db.all<{ amount: number; debit_balance: number; credit_balance: number }>(
        "SELECT l.amount, l.debit_balance, l.credit_balance FROM ledger l JOIN accounts a ON a.id = l.debit_account WHERE a.code = ? AND l.type = 'vault_deposit'", account,
      );
      // One entry, with the balances its own run left.
      expect(rows).toEqual([{ amount: 300, debit_balance: 9_700, credit_balance: 300 }]);
      expect((await player.call('wallet-vault.deposit', { amount: 300, stamp: 'pipe-retry-1' })).response).toEqual(answer.response);
      expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(300);
    } finally {
      await pg.side.query('DROP TRIGGER IF EXISTS test_entry_fails ON ledger');
    }
    expect((await pg.server.services.ledger.check(pg.server.services.db)).ok).toBe(true);
  });
});
