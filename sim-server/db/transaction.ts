/**
 * The database handle both engines give the server, and the transaction rule they share.
 * Kept apart from database.ts so the PostgreSQL adapter can use it without importing the opener.
 */
import type { SQLInputValue } from 'node:sqlite';

/** A transaction in progress: run SQL, and queue work for after a successful commit. */
export interface Tx {
  run(sql: string, ...params: SQLInputValue[]): { changes: number; lastInsertRowid: number };
  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined;
  all<T>(sql: string, ...params: SQLInputValue[]): T[];
  /** Runs after COMMIT (socket pushes); never for a rolled-back transaction. */
  afterCommit(fn: () => void): void;
}

/** The database handle the server passes around. */
export interface Db extends Omit<Tx, 'afterCommit'> {
  /**
   * Runs `fn` inside BEGIN IMMEDIATE ... COMMIT. `fn` must be synchronous: node:sqlite is,
   * and an await inside would let another request's writes interleave with this one's.
   */
  transaction<T>(fn: (tx: Tx) => T): T;
  /**
   * True when this process holds the lease `name` (or just took it): work that must run in one
   * process at a time (game timers) runs only where this answers true. A lease is held until the
   * process exits or loses its database connection, then another process can take it. SQLite:
   * always true, one process owns the file. PostgreSQL: a session advisory lock.
   */
  tryLease(name: string): boolean;
  close(): void;
  /** The SQLite file (or ':memory:'), or the PostgreSQL address without its password. */
  readonly path: string;
}

/**
 * The transaction rule both engines keep: no nesting, a synchronous body (an await inside would
 * let another request's writes interleave), and afterCommit work only once COMMIT succeeded.
 */
export function transactionRunner(engine: { begin(): void; commit(): void; rollback(): void }, statements: Omit<Tx, 'afterCommit'>): Db['transaction'] {
  let inTransaction = false;
  return (fn) => {
    if (inTransaction) throw new Error('nested transaction: pass the Tx down instead');
    const pending: (() => void)[] = [];
    const tx: Tx = { ...statements, afterCommit: (f) => pending.push(f) };
    inTransaction = true;
    try {
      engine.begin();
      const result = fn(tx);
      if (result instanceof Promise) throw new Error('transaction callbacks must be synchronous');
      engine.commit();
      inTransaction = false;
      for (const f of pending) f();
      return result;
    } catch (error) {
      if (inTransaction) {
        inTransaction = false;
        engine.rollback();
      }
      throw error;
    }
  };
}
