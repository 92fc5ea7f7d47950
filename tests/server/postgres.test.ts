/**
 * What only PostgreSQL does (docs/design.md section 10, docs/decisions/0030): several processes on one
 * database, a connection lost and made again, a statement that waits too long, and the
 * lease that gives timers one owner. Runs when TEST_DATABASE_URL is set (CI sets it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDb, type Db } from '../../sim-server/db/database.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { openPostgres } from '../../sim-server/db/postgres.ts';
import { startServer, type TestServer } from './harness.ts';
import { freshDatabase, TEST_DATABASE_URL } from './test-db.ts';

/** Ends every connection the sim-server opened to the database, as a restart of PostgreSQL would. */
async function terminateServerConnections(admin: Db): Promise<number> {
  return (await admin.all<{ pid: number }>(
    "SELECT pg_terminate_backend(pid) AS done, pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'sim-server' AND pid <> pg_backend_pid()",
  )).length;
}

/** Runs a script as its own process; answers what it printed, once it exited. */
function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let admin: Db;
  const ledger = createLedger({ now: Date.now });

  beforeAll(async () => {
    database = await freshDatabase();
    // A short statement timeout, so the test of a blocked writer does not wait the default 10 s.
    db = await openDb({ path: ':memory:', url: database.url, statementTimeoutMs: 1_000 });
    admin = await openPostgres({ url: database.url, migrate: false });
    await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'shared_wallet', 'shared', 0)");
  });
  afterAll(async () => {
    await db?.close();
    await admin?.close();
    database?.drop();
  });

  const fund = (cents: number) => db.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 1 }, amount: cents, type: 'reward' }));
  const drain = async () => {
    const left = await ledger.balance(db, { user: 1 });
    if (left > 0) await db.transaction((tx) => ledger.transfer(tx, { from: { user: 1 }, to: { house: 'faucet' }, amount: left, type: 'reward' }));
  };

  test('a connection lost in the middle of a money transaction moves nothing, and the next transaction connects again', async () => {
    await fund(1_000);
    const before = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
    await expect(db.transaction(async (tx) => {
        await ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 400, type: 'arena_join' });
        const { pid } = (await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!;
        expect((await admin.get<{ done: number }>('SELECT pg_terminate_backend(?) AS done', pid))!.done).toBe(1);
        // The debit is gone with the connection; nothing after it may run on a new one.
        await ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 400, type: 'arena_join' });
      })).rejects.toThrow(/terminat|connection/i);
    expect(await ledger.balance(db, { user: 1 })).toBe(1_000);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n).toBe(before);
    await db.transaction((tx) => ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 400, type: 'arena_join' }));
    expect(await ledger.balance(db, { user: 1 })).toBe(600);
    expect((await ledger.check(db)).ok).toBe(true);
    await drain();
  });

  test('a writer that holds a row lock too long makes the next writer of that row fail after the statement timeout, not wait forever', async () => {
    await fund(500);
    const other = await openDb({ path: ':memory:', url: database.url });
    try {
      const started = Date.now();
      let refusal: unknown;
      // `other` is a second process's connection in the middle of its transaction, holding the
      // wallet's row (docs/decisions/0058: writers of other rows no longer wait for it).
      await other.transaction(async (otherTx) => {
        await otherTx.get("SELECT balance FROM accounts WHERE code = 'user:1:main:SFC' FOR UPDATE");
        try {
          await db.transaction((tx) => ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 100, type: 'arena_join' }));
        } catch (error) {
          refusal = error;
        }
      });
      expect((refusal as { code?: string }).code).toBe('57014'); // query_canceled: statement_timeout
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await ledger.balance(db, { user: 1 })).toBe(500);
      // The lock is free again: the same call goes through.
      await db.transaction((tx) => ledger.transfer(tx, { from: { user: 1 }, to: { house: 'arena' }, amount: 100, type: 'arena_join' }));
      expect(await ledger.balance(db, { user: 1 })).toBe(400);
    } finally {
      await other.close();
    }
    await drain();
  });

  test('a transaction that must read the identity columns again (after DDL) reads them on its own connection: one player\'s calls queued on their row lock never wait for the pool', async () => {
    // Two connections, both taken by one player's two transactions: the first holds the
    // player's row lock, the second waits for it. Reading the identity columns through a third
    // connection, the first would wait for the second's, until the statement timeout.
    const two = await openDb({ path: ':memory:', url: database.url, poolSize: 2, statementTimeoutMs: 1_000 });
    try {
      await two.run('CREATE TABLE queued_inserts (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
      const ids = await Promise.all([1, 2].map((n) => two.transaction(async (tx) => (await tx.run('INSERT INTO queued_inserts (n) VALUES (?)', n)).lastInsertRowid, { player: 1 })));
      expect(ids.toSorted()).toEqual([1, 2]);
      expect(await two.all('SELECT id, n FROM queued_inserts ORDER BY id')).toHaveLength(2);
    } finally {
      await two.run('DROP TABLE IF EXISTS queued_inserts');
      await two.close();
    }
  });

  test('200 debits from two processes on a balance that covers 37: exactly 37 go through', async () => {
    await fund(3_700);
    const startAt = String(Date.now() + 1_500);
    const runs = await Promise.all([0, 1].map(() => runNode(['tests/server/postgres-debits.ts', database.url, '100', '100', startAt])));
    for (const r of runs) expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
    const counts = runs.map((r) => JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { ok: number; refused: number });
    expect(counts.reduce((sum, c) => sum + c.ok, 0)).toBe(37);
    expect(counts.reduce((sum, c) => sum + c.refused, 0)).toBe(163);
    expect(await ledger.balance(db, { user: 1 })).toBe(0);
    expect((await ledger.check(db)).ok).toBe(true);
  }, 60_000);

  test('statements are prepared once per connection, and a table another process changes under them is read in its new shape', async () => {
    await db.run('CREATE TABLE shape_probe (id INTEGER PRIMARY KEY, a INTEGER NOT NULL)');
    await db.run('INSERT INTO shape_probe (id, a) VALUES (?, ?)', 1, 10);
    const read = () => db.get<Record<string, unknown>>('SELECT * FROM shape_probe WHERE id = ?', 1);
    expect(await read()).toEqual({ id: 1, a: 10 });
    expect(await read()).toEqual({ id: 1, a: 10 });
    const prepared = (await db.all<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).map((r) => r.statement);
    expect(prepared).toContain('SELECT * FROM shape_probe WHERE id = $1');
    // A second process (a newer version's migration) adds a column: the prepared plan's columns
    // are out of date, and the next read must still answer, with the new column.
    await admin.run('ALTER TABLE shape_probe ADD COLUMN b BIGINT NOT NULL DEFAULT 7');
    expect(await read()).toEqual({ id: 1, a: 10, b: 7 });
    // Inside a transaction the outdated plan fails the transaction as a whole; the next one works.
    await admin.run('ALTER TABLE shape_probe ADD COLUMN c BIGINT NOT NULL DEFAULT 8');
    await expect(db.transaction((tx) => tx.get('SELECT * FROM shape_probe WHERE id = ?', 1))).rejects.toThrow(/cached plan/);
    expect(await db.transaction((tx) => tx.get('SELECT * FROM shape_probe WHERE id = ?', 1))).toEqual({ id: 1, a: 10, b: 7, c: 8 });
  });

  test('a transaction whose BEGIN fails runs none of its statements', async () => {
    await fund(300);
    const before = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
    const other = await openDb({ path: ':memory:', url: database.url });
    try {
      let ran = 0;
      // BEGIN takes the player's row lock with it (docs/decisions/0058), which `other` holds, and
      // is cancelled by the statement timeout: the body's statements must answer that error,
      // none of them run outside the transaction.
      await other.transaction(async (otherTx) => {
        await otherTx.get('SELECT id FROM users WHERE id = 1 FOR UPDATE');
        await expect(db.transaction(async (tx) => {
            ran++;
            await tx.run('UPDATE accounts SET balance = balance + 1 WHERE code = ?', 'user:1');
            ran++;
          }, { player: 1 })).rejects.toThrow(/statement timeout|canceling/i);
      });
      expect(ran).toBe(1);
      expect(await ledger.balance(db, { user: 1 })).toBe(300);
      expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n).toBe(before);
      expect((await ledger.check(db)).ok).toBe(true);
    } finally {
      await other.close();
    }
    await drain();
  });

  test('a lease has one holder at a time, and passes to another process when the holder loses its connection', async () => {
    const second = await openPostgres({ url: database.url, migrate: false });
    try {
      expect(await db.tryLease('battles')).toBe(true);
      expect(await db.tryLease('battles')).toBe(true);
      expect(await second.tryLease('battles')).toBe(false);
      expect(await second.tryLease('radio')).toBe(true);
      // The connection that holds the lease (a pool serves the statements, one connection of its own the leases).
      const holder = (await admin.get<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted AND classid::bigint = ? AND objid::bigint = (hashtext(CAST(? AS TEXT))::bigint + 4294967296) % 4294967296",
        0x5f5a_4152, 'battles',
      ))!.pid;
      await admin.run('SELECT pg_terminate_backend(?)', holder);
      // The backend ends (and frees its locks) after the call answers: wait for that state.
      await vi.waitFor(async () => expect(await second.tryLease('battles')).toBe(true), { timeout: 10_000, interval: 50 });
      // The old holder connects again but does not get it back.
      expect(await db.tryLease('battles')).toBe(false);
      expect(await db.tryLease('radio')).toBe(false);
    } finally {
      await second.close();
    }
    // Closed, its leases are free once its connection has ended.
    await vi.waitFor(async () => expect(await db.tryLease('radio')).toBe(true), { timeout: 10_000, interval: 50 });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('a server on PostgreSQL', () => {
  let server: TestServer;
  let admin: Db;
  beforeAll(async () => {
    server = await startServer({ startBalance: 3_700 });
    admin = await openPostgres({ url: server.services.config.databaseUrl!, migrate: false });
  });
  afterAll(async () => {
    await admin?.close();
    await server?.close();
  });

  test('after PostgreSQL dropped its connections the next money call works, without a restart', async () => {
    const player = await server.player('pg_reconnect');
    expect((await player.call('wallet-vault.deposit', { amount: 100, stamp: 'pg-1' })).response).toBeTruthy();
    expect(await terminateServerConnections(admin)).toBeGreaterThan(0);
    const again = await player.call('wallet-vault.deposit', { amount: 100, stamp: 'pg-2' });
    expect(again.error).toBeUndefined();
    const vault = (await player.call('wallet-vault.info')).response as { amount: number };
    expect(vault.amount).toBe(200);
    expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
  });

  test('a server started while PostgreSQL cannot be reached says which address and exits non-zero', async () => {
    const url = 'postgres://arena:secret@127.0.0.1:1/arena';
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-pg-down-'));
    try {
      const result = await runNode(['sim-server/main.ts'], { ...process.env, DATABASE_URL: url, PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('DATABASE_URL=postgres://arena:***@127.0.0.1:1/arena');
      expect(result.stderr).not.toContain('secret');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
