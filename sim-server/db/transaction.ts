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
  /**
   * Runs once the transaction succeeded, never for a rolled-back one: socket pushes and
   * in-memory copies of what it wrote. With grouped commits that is before the group's COMMIT,
   * so whatever tells a client waits on the Db's `commits` gate (the hub and answers do).
   */
  afterCommit(fn: () => void): void;
}

/**
 * Whether writes are waiting for a grouped COMMIT, and a way to act once they are durable.
 * Anything that tells a client about the database (an answer, a socket frame) goes through
 * it, so nothing is said before it is committed (docs/decisions/0043).
 */
export interface CommitGate {
  /** True while writes made so far are not yet committed. */
  readonly pending: boolean;
  /** Runs `fn` once everything written so far is committed: at once when nothing waits. */
  whenCommitted(fn: () => void): void;
}

/** The gate of an engine that commits each transaction before `transaction` returns. */
export const COMMITTED: CommitGate = { pending: false, whenCommitted: (fn) => fn() };

/** The database handle the server passes around. */
export interface Db extends Omit<Tx, 'afterCommit'> {
  /**
   * Runs `fn` inside BEGIN IMMEDIATE ... COMMIT. `fn` must be synchronous: node:sqlite is,
   * and an await inside would let another request's writes interleave with this one's.
   */
  transaction<T>(fn: (tx: Tx) => T): T;
  /** When what `transaction` wrote is durable (at once, unless commits are grouped). */
  readonly commits: CommitGate;
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

/** What a grouped runner needs besides the statements. */
export interface GroupOptions {
  /** Runs the group's COMMIT later in this turn of the event loop (setImmediate by default). */
  schedule?: (commit: () => void) => void;
  /**
   * A group's COMMIT failed (the disk: full, or an I/O error). The group was rolled back, none
   * of its answers went out, but its requests already ran on: the process should stop.
   */
  onCommitFailed(error: unknown): void;
  /** Work waiting on the gate threw: reported, and the rest of the queue still runs. */
  onWorkFailed(error: unknown): void;
}

/**
 * The embedded engine's runner with grouped commits (docs/decisions/0043). The first
 * transaction of a turn of the event loop opens BEGIN IMMEDIATE; each transaction is a
 * SAVEPOINT inside it, so a failing one still rolls back alone; the group commits once, after
 * every request of that turn ran. COMMIT writes each changed page once per group instead of
 * once per transaction.
 *
 * A transaction's afterCommit work runs as soon as it is released, as the plain runner runs it
 * after COMMIT: in-memory copies of what it wrote (battle states, race boards) must be current
 * for the next transaction of the group. What leaves the process waits on the gate instead:
 * answers and socket frames (the hub) go out once the group is durable, in the order sent.
 */
export function groupedTransactions(
  exec: (sql: string) => void, statements: Omit<Tx, 'afterCommit'>, options: GroupOptions,
): { transaction: Db['transaction']; commits: CommitGate; flush(): void } {
  const schedule = options.schedule ?? setImmediate;
  let open = false;
  let queue: (() => void)[] = [];

  const flush = (): void => {
    if (!open) return;
    open = false;
    const work = queue;
    queue = [];
    try {
      exec('COMMIT');
    } catch (error) {
      try {
        exec('ROLLBACK');
      } catch {
        // SQLite may have rolled back already
      }
      options.onCommitFailed(error);
      return;
    }
    for (const fn of work) {
      try {
        fn();
      } catch (error) {
        options.onWorkFailed(error);
      }
    }
  };

  // Each transaction is a savepoint in the group: the plain runner's rule with these three steps.
  let saved = false;
  const transaction = transactionRunner(
    {
      begin: () => {
        if (!open) {
          exec('BEGIN IMMEDIATE');
          open = true;
          schedule(flush);
        }
        exec('SAVEPOINT tx');
        saved = true;
      },
      commit: () => {
        exec('RELEASE tx');
        saved = false;
      },
      rollback: () => {
        if (!saved) return;
        saved = false;
        try {
          exec('ROLLBACK TO tx');
          exec('RELEASE tx');
        } catch (lost) {
          // SQLite rolled the whole group back itself (it may, on a full disk or an I/O error):
          // the group's earlier transactions are gone too, and their answers must never go out.
          open = false;
          queue = [];
          options.onCommitFailed(lost);
        }
      },
    },
    statements,
  );

  const commits: CommitGate = {
    get pending() {
      return open;
    },
    whenCommitted: (fn) => {
      if (open) queue.push(fn);
      else fn();
    },
  };
  return { transaction, commits, flush };
}
