/**
 * The database tests run on: SQLite files by default; with TEST_DATABASE_URL (an address whose
 * role may create databases) every server and Db gets its own fresh PostgreSQL database,
 * made from that address and dropped when the test closes it (or when the run ends:
 * global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Db } from '../../sim-server/db/database.ts';
import { dropDatabase, openPostgres } from '../../sim-server/db/postgres.ts';

/** The PostgreSQL address the suite runs against, if any. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

let admin: Db | undefined;
const made = new Set<string>();

async function adminDb(): Promise<Db> {
  // Making and dropping databases waits for a checkpoint: slow on a busy machine.
  admin ??= await openPostgres({ url: TEST_DATABASE_URL!, migrate: false, statementTimeoutMs: 120_000 });
  return admin;
}

/** Drops a test database; one that cannot be dropped now is left to the end of the run (global-setup.ts). */
async function dropQuietly(name: string): Promise<void> {
  try {
    const db = await adminDb();
    await dropDatabase((sql) => db.run(sql), name);
  } catch {
    // dropped when the run ends
  }
}

/**
 * A new database on the test server: its address, and how to drop it. A copy of the run's
 * migrated template (global-setup.ts) unless `empty`, so opening it finds every migration done.
 */
export async function freshDatabase({ empty = false } = {}): Promise<{ url: string; drop(): void }> {
  const name = `arena_test_${process.env.ARENA_TEST_RUN ?? 'x'}_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : process.env.ARENA_TEST_TEMPLATE;
  await (await adminDb()).run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  // A commit need not wait for the disk in tests: the server under test, not PostgreSQL, is
  // what gets killed, and what a commit made is seen by every connection at once either way.
  await (await adminDb()).run(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  made.add(name);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (made.delete(name)) await dropQuietly(name);
    },
  };
}

/**
 * The database address for a server on `dataDir` (undefined on SQLite). A restart on the same
 * folder finds the same database, as a restarted server finds its file: the address is kept
 * in the folder; the caller drops it with the folder (or the run's end does).
 */
export async function databaseFor(dataDir: string): Promise<{ url: string; drop(): void } | undefined> {
  if (!TEST_DATABASE_URL) return undefined;
  const file = join(dataDir, 'test-database-url');
  if (existsSync(file)) {
    const url = readFileSync(file, 'utf8').trim();
    const name = new URL(url).pathname.slice(1);
    return { url, drop: () => dropQuietly(name) };
  }
  const fresh = await freshDatabase();
  writeFileSync(file, fresh.url);
  return fresh;
}

/** Opens a fresh database (migrated) for a test that uses the Db directly; close() also drops it. */
export async function openTestDb(sqlitePath = ':memory:'): Promise<Db> {
  if (!TEST_DATABASE_URL) return openDb({ path: sqlitePath });
  const fresh = await freshDatabase();
  const db = await openDb({ path: sqlitePath, url: fresh.url });
  return {
    ...db,
    close: async () => {
      await db.close();
      fresh.drop();
    },
  };
}

