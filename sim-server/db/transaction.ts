/**
 * The database handle both engines give the server, and the transaction rule they share.
 * Kept apart from database.ts so the PostgreSQL adapter can use it without importing the opener.
 *
 * The seam is asynchronous (docs/decisions/0057): every statement answers a promise, and a
 * transaction body is an async function that awaits its statements in order. Every call must
 * be awaited (or returned): a statement left floating could run after its transaction ended
 * (tests/unit/awaited-statements.test.ts holds the line).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQLInputValue } from 'node:sqlite';

/** What a write answers. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

/** Running SQL: the part a transaction and the handle share. */
export interface Statements {
  run(sql: string, ...params: SQLInputValue[]): Promise<RunResult>;
  get<T>(sql: string, ...params: SQLInputValue[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: SQLInputValue[]): Promise<T[]>;
}

/** A transaction in progress: run SQL, and queue work for after a successful commit. */
export interface Tx extends Statements {
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

/** How a transaction runs, where the engines differ. */
export interface TxOptions {
  /**
   * Every read sees one committed state (PostgreSQL: REPEATABLE READ, read only). Without it a
   * PostgreSQL transaction is READ COMMITTED: each statement sees what committed before it,
   * and rows it must not see change are locked (docs/decisions/0058). SQLite: always so.
   */
  snapshot?: boolean;
  /**
   * The player whose call this is: on PostgreSQL their users row is locked with BEGIN, in the
   * same round trip, so two calls of one player run one after the other in every process, as
   * they did under the writers' lock, while other players' calls run beside them. Whatever a
   * body reads of that player's own rows (a stamp, a game in progress, a seed's nonce, a daily
   * figure) then cannot change before it commits (docs/decisions/0058). SQLite: already so.
   */
  player?: number;
}

/**
 * The row lock a read takes when `db` is a transaction's (PostgreSQL; SQLite drops it, its
 * writer holds the whole file): append to a SELECT of a row the transaction decides a write
 * on, shared by several players (a battle, a rain, a party), so the decision is made on the
 * row as it is and no other transaction changes it before this one commits. A read outside a
 * transaction takes none (it would wait for writers for nothing). NO KEY UPDATE, the lock an
 * UPDATE of the row takes: it does not hold back rows of other tables inserted with a
 * reference to it.
 */
export function lockedIn(db: object): string {
  return 'afterCommit' in db ? ' FOR NO KEY UPDATE' : '';
}

/** The database handle the server passes around. */
export interface Db extends Statements {
  /**
   * Runs `fn` inside one transaction (BEGIN IMMEDIATE on SQLite, BEGIN on PostgreSQL) and
   * commits when it resolves, rolls back when it rejects. `fn` awaits its statements in order;
   * no other request's statements enter the transaction meanwhile. A statement on the Db
   * itself made inside `fn` runs in the transaction, as it always did.
   *
   * On PostgreSQL other transactions run at the same time on other rows: a body locks what it
   * reads to decide a write (SELECT ... FOR UPDATE) or does the arithmetic in SQL, and may be
   * run again from the start after a deadlock or a serialisation failure (docs/decisions/0058),
   * so it changes nothing outside the database except through `afterCommit`.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T>;
  /** When what `transaction` wrote is durable (at once, unless commits are grouped). */
  readonly commits: CommitGate;
  /**
   * True when this process holds the lease `name` (or just took it): work that must run in one
   * process at a time (game timers) runs only where this answers true. A lease is held until the
   * process exits or loses its database connection, then another process can take it. SQLite:
   * always true, one process owns the file. PostgreSQL: a session advisory lock.
   */
  tryLease(name: string): Promise<boolean>;
  close(): Promise<void>;
  /** The SQLite file (or ':memory:'), or the PostgreSQL address without its password. */
  readonly path: string;
}

/** A transaction as the runner tracks it: the Tx its body gets, and whether it has ended. */
interface Live {
  tx: Tx;
  ended: boolean;
}

/**
 * Which transaction of one Db has its body running in this async context, if any. A statement
 * made on the Db inside a body (a helper handed the Db instead of the Tx) runs in that
 * transaction: on SQLite it must not queue behind the body it is part of, on PostgreSQL it must
 * use the body's connection. A second transaction() of the same Db inside a body is refused
 * (nesting). One scope per Db: another handle's transaction (a second process, in tests) is
 * not this one's.
 */
export class TxScope {
  readonly storage = new AsyncLocalStorage<Live>();

  /** The transaction running in this async context, if its body has not ended. */
  current(): Tx | undefined {
    const live = this.storage.getStore();
    return live && !live.ended ? live.tx : undefined;
  }
}

/**
 * One transaction body at a time on a connection (SQLite has one). A body awaits its
 * statements, so without this another request's statements could run between two of them,
 * inside the open transaction. Statements on the Db outside any body wait here too while a body
 * runs, as they could not run in the middle of a synchronous body before. First come, first
 * served.
 */
export class Serial {
  private held = false;
  private readonly waiting: (() => void)[] = [];
  /** Called each time the connection falls idle (nothing runs, nothing waits). */
  onIdle: (() => void) | undefined;

  get busy(): boolean {
    return this.held;
  }

  /** Takes the turn: undefined when it was free (no promise made), else a promise of it. */
  acquire(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) {
      next();
      return;
    }
    this.held = false;
    this.onIdle?.();
  }

  /** Runs a statement of the Db itself, after the body that runs now (and any queued before it). */
  async after<T>(statement: () => Promise<T>): Promise<T> {
    const wait = this.acquire();
    if (wait) await wait;
    try {
      return await statement();
    } finally {
      this.release();
    }
  }
}

/** An open transaction as an engine gives it: its statements, and how it ends. */
export interface OpenTx {
  statements: Statements;
  commit(): void | Promise<void>;
  rollback(): void | Promise<void>;
}

/**
 * The Db's own statements: inside a transaction body they run in that transaction; elsewhere,
 * on SQLite (a `serial`), after the body that runs now; on PostgreSQL, on any connection.
 */
export function dbStatements(statements: Statements, scope: TxScope, serial?: Serial): Statements {
  if (serial) {
    return {
      run: (sql, ...params) => (serial.busy ? (scope.current() ?? queued(serial, statements)).run(sql, ...params) : statements.run(sql, ...params)),
      get: (sql, ...params) => (serial.busy ? (scope.current() ?? queued(serial, statements)).get(sql, ...params) : statements.get(sql, ...params)),
      all: (sql, ...params) => (serial.busy ? (scope.current() ?? queued(serial, statements)).all(sql, ...params) : statements.all(sql, ...params)),
    };
  }
  return {
    run: (sql, ...params) => (scope.current() ?? statements).run(sql, ...params),
    get: (sql, ...params) => (scope.current() ?? statements).get(sql, ...params),
    all: (sql, ...params) => (scope.current() ?? statements).all(sql, ...params),
  };
}

function queued(serial: Serial, statements: Statements): Statements {
  return {
    run: (sql, ...params) => serial.after(() => statements.run(sql, ...params)),
    get: (sql, ...params) => serial.after(() => statements.get(sql, ...params)),
    all: (sql, ...params) => serial.after(() => statements.all(sql, ...params)),
  };
}

/** Refuses a statement of a transaction that already ended: a call that was not awaited. */
function ended(): Promise<never> {
  return Promise.reject(new Error('statement after its transaction ended: a database call was not awaited'));
}

/**
 * Locks the named thing until the transaction ends (a row of named_locks, made on first use):
 * for a step over something of which there is one, which may find no row of its own to lock.
 * An upsert, so it is one statement on both engines and always takes the row's lock.
 */
export async function lockNamed(tx: Tx, name: string): Promise<void> {
  await tx.run('INSERT INTO named_locks (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET name = excluded.name', name);
}

/** When a failed transaction is run again from the start (PostgreSQL, docs/decisions/0058). */
export interface RetryRule {
  /** Runs of the body at most, the first included. */
  attempts: number;
  /** A failure that a later run may not meet (a deadlock, a serialisation failure). */
  retryable(error: unknown): boolean;
}

/**
 * The transaction rule both engines keep: no nesting, one body at a time per `serial`
 * connection, afterCommit work only once COMMIT succeeded (in order, before the next body
 * starts), and a rollback when the body or the COMMIT fails. With a `retry` rule, a body
 * that failed in a way a later run may not is rolled back and run again, from a new
 * transaction with a new Tx: what a rolled-back run queued for after commit is dropped.
 */
export function transactionRunner(open: (options?: TxOptions) => OpenTx | Promise<OpenTx>, scope: TxScope, serial?: Serial, retry?: RetryRule): Db['transaction'] {
  return async (fn, options) => {
    if (scope.current()) throw new Error('nested transaction: pass the Tx down instead');
    if (serial) {
      const wait = serial.acquire();
      if (wait) await wait;
    }
    try {
      if (!retry) return await runOnce(open, scope, fn, options);
      for (let attempt = 1; ; attempt++) {
        try {
          return await runOnce(open, scope, fn, options);
        } catch (error) {
          if (attempt >= retry.attempts || !retry.retryable(error)) throw error;
          // Apart at random, so two transactions that met do not meet again at once.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
        }
      }
    } finally {
      serial?.release();
    }
  };
}

/** One run of a body in its own transaction (see transactionRunner). */
async function runOnce<T>(open: (options?: TxOptions) => OpenTx | Promise<OpenTx>, scope: TxScope, fn: (tx: Tx) => Promise<T>, options: TxOptions | undefined): Promise<T> {
  // SQLite opens and ends a transaction synchronously: no extra turn of the microtask queue.
  const opened = open(options);
  const engine = opened instanceof Promise ? await opened : opened;
  const pending: (() => void)[] = [];
  const { statements } = engine;
  const live: Live = {
    ended: false,
    tx: {
      run: (sql, ...params) => (live.ended ? ended() : statements.run(sql, ...params)),
      get: (sql, ...params) => (live.ended ? ended() : statements.get(sql, ...params)),
      all: (sql, ...params) => (live.ended ? ended() : statements.all(sql, ...params)),
      afterCommit: (f) => pending.push(f),
    },
  };
  let result;
  try {
    result = await scope.storage.run(live, fn, live.tx);
    live.ended = true;
    const committed = engine.commit();
    if (committed instanceof Promise) await committed;
  } catch (error) {
    live.ended = true;
    const rolledBack = engine.rollback();
    if (rolledBack instanceof Promise) await rolledBack;
    throw error;
  }
  for (const f of pending) f();
  return result;
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
 * once per transaction. A COMMIT that falls due while a body runs waits for the connection
 * to fall idle, so no transaction is ever committed half done.
 *
 * A transaction's afterCommit work runs as soon as it is released, as the plain runner runs it
 * after COMMIT: in-memory copies of what it wrote (battle states, race boards) must be current
 * for the next transaction of the group. What leaves the process waits on the gate instead:
 * answers and socket frames (the hub) go out once the group is durable, in the order sent.
 */
export function groupedTransactions(
  exec: (sql: string) => void, statements: Statements, serial: Serial, scope: TxScope, options: GroupOptions,
): { transaction: Db['transaction']; commits: CommitGate; flush(): void } {
  const schedule = options.schedule ?? setImmediate;
  let open = false;
  let queue: (() => void)[] = [];
  let due = false;

  const flush = (): void => {
    if (!open) return;
    if (serial.busy) {
      due = true;
      return;
    }
    due = false;
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
  serial.onIdle = () => {
    if (due) flush();
  };

  // Each transaction is a savepoint in the group: the plain runner's rule with these three steps.
  const transaction = transactionRunner(() => {
    if (!open) {
      exec('BEGIN IMMEDIATE');
      open = true;
      schedule(flush);
    }
    exec('SAVEPOINT tx');
    return {
      statements,
      commit: () => exec('RELEASE tx'),
      rollback: () => {
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
    };
  }, scope, serial);

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

/**
 * `items.map(fn)` for an async `fn`, one call at a time and in order: the calls share one
 * connection (a transaction's, or SQLite's only one), where statement order matters, so they
 * are never run side by side with Promise.all.
 */
export async function mapInOrder<T, U>(items: Iterable<T>, fn: (item: T, index: number) => Promise<U>): Promise<U[]> {
  const out: U[] = [];
  let i = 0;
  for (const item of items) out.push(await fn(item, i++));
  return out;
}

/** `items.filter(fn)` for an async `fn`, one call at a time and in order (see mapInOrder). */
export async function filterInOrder<T>(items: Iterable<T>, fn: (item: T) => Promise<boolean>): Promise<T[]> {
  const out: T[] = [];
  for (const item of items) if (await fn(item)) out.push(item);
  return out;
}
