/**
 * The embedded database: SQLite through node:sqlite, WAL, one writer. Every write that
 * matters runs inside `transaction()`, which uses BEGIN IMMEDIATE so that writers are
 * serialised up front (also across connections, when the file is opened `shared`).
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations.ts';
import { openPostgres } from './postgres.ts';
import { COMMITTED, Serial, TxScope, dbStatements, groupedTransactions, transactionRunner, type Db, type GroupOptions, type RunResult, type Statements } from './transaction.ts';

export type { Db, Tx } from './transaction.ts';
export { filterInOrder, lockNamed, lockedIn, mapInOrder } from './transaction.ts';

/** Options for opening the database. */
export interface DbOptions {
  /** A file path, or ':memory:'. Ignored when `url` is set. */
  path: string;
  /** A postgres:// address (DATABASE_URL): PostgreSQL instead of the embedded file (docs/design.md section 10). */
  url?: string;
  /** 'NORMAL' loses nothing on a process crash; 'FULL' also survives a power cut. */
  synchronous?: 'NORMAL' | 'FULL';
  /**
   * Let other connections open the file at the same time. Off by default: one process owns
   * the embedded database, which keeps the WAL index in process memory (reads about 2.6x
   * faster, no lock syscalls per statement) and stops a second server on the same DATA_DIR
   * from running game timers twice. Several processes share PostgreSQL instead (docs/design.md section 10).
   */
  shared?: boolean;
  /** How long a statement waits for another connection's lock before failing. */
  busyTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement (lock waits included) after this long. */
  statementTimeoutMs?: number;
  /** PostgreSQL: connections in the pool, and how long a call waits for a free one. */
  poolSize?: number;
  poolWaitMs?: number;
  /**
   * SQLite: commit the transactions of one turn of the event loop together (the server's
   * choice, docs/decisions/0043). Off, each transaction commits before `transaction` returns.
   */
  group?: GroupOptions;
}

/**
 * WAL pages before SQLite copies them back into the database file (its default is 1,000).
 * A wager dirties a dozen pages (ledger, accounts, rolls, experience, races) and mostly the
 * same hot ones: checkpointing ten times less often writes each hot page back ten times less
 * often, which took a money call's COMMIT from about 240 to 140 µs; the WAL file grows to
 * about 40 MB between checkpoints. Durability is unchanged (docs/decisions/0029).
 */
const WAL_CHECKPOINT_PAGES = 10_000;

/**
 * A read's row lock (`FOR UPDATE` or `FOR NO KEY UPDATE`, the statement's last words), which PostgreSQL needs where
 * transactions run side by side (docs/decisions/0058) and SQLite does not accept: its writer
 * holds the whole file from BEGIN IMMEDIATE on. Removed once per SQL text, when prepared.
 */
export function withoutRowLocks(sql: string): string {
  return sql.replace(/\s+FOR\s+(?:NO\s+KEY\s+)?UPDATE(\s+OF\s+[A-Za-z_][\w.]*(\s*,\s*[A-Za-z_][\w.]*)*)?\s*;?\s*$/i, '');
}

/** Opens (creating if needed) and migrates the database. */
export async function openDb({ path, url, synchronous = 'NORMAL', shared = false, busyTimeoutMs = 5000, statementTimeoutMs, poolSize, poolWaitMs, group }: DbOptions): Promise<Db> {
  if (url) return openPostgres({ url, statementTimeoutMs, poolSize, poolWaitMs });
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new DatabaseSync(path);
  // The locking mode must be set before WAL is entered for the WAL index to live in memory.
  sqlite.exec(`PRAGMA locking_mode = ${shared ? 'NORMAL' : 'EXCLUSIVE'}; PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES};`);

  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = sqlite.prepare(withoutRowLocks(sql));
      statements.set(sql, stmt);
    }
    return stmt;
  };

  // node:sqlite answers at once: each statement runs when called and answers a settled promise.
  const direct: Statements = {
    run: (sql, ...params) => {
      try {
        const result = prepared(sql).run(...params);
        return Promise.resolve<RunResult>({ changes: Number(result.changes), lastInsertRowid: Number(result.lastInsertRowid) });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    get: <T,>(sql: string, ...params: SQLInputValue[]) => {
      try {
        return Promise.resolve(prepared(sql).get(...params) as T | undefined);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    all: <T,>(sql: string, ...params: SQLInputValue[]) => {
      try {
        return Promise.resolve(prepared(sql).all(...params) as T[]);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  };
  // One body at a time on the one connection (transaction.ts Serial).
  const serial = new Serial();
  const scope = new TxScope();
  const exec = (sql: string): void => sqlite.exec(sql);

  const transaction = transactionRunner(() => {
    exec('BEGIN IMMEDIATE');
    return {
      statements: direct,
      commit: () => exec('COMMIT'),
      // A COMMIT that failed may have ended the transaction already.
      rollback: () => {
        if (sqlite.isTransaction) exec('ROLLBACK');
      },
    };
  }, scope, serial);
  const { run, get, all } = dbStatements(direct, scope, serial);

  // Migrations commit one by one (some switch foreign keys off, which a transaction ignores).
  await migrate({ run, get, all, exec: async (sql) => exec(sql), transaction });
  const grouped = group ? groupedTransactions(exec, direct, serial, scope, group) : null;

  return {
    run,
    get,
    all,
    transaction: grouped?.transaction ?? transaction,
    commits: grouped?.commits ?? COMMITTED,
    tryLease: async () => true,
    path,
    close: async () => {
      grouped?.flush();
      statements.clear();
      sqlite.close();
    },
  };
}
