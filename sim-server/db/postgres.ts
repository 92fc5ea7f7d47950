/**
 * The same Db on PostgreSQL (DATABASE_URL, docs/design.md section 10, docs/decisions/0030,
 * 0057, 0058). A pool of `pg` connections serves the async seam: a transaction checks out one
 * connection for its whole body (BEGIN, its statements, COMMIT or ROLLBACK), and a statement
 * outside a transaction runs on any free connection, so a read no longer waits for another
 * request's round trip and the event loop never blocks.
 *
 * Transactions run side by side, in every process on the database, at READ COMMITTED: what a
 * body reads to decide a write it locks (SELECT ... FOR UPDATE) or leaves to SQL arithmetic,
 * conditional debits stay conditional, and a body that meets a deadlock or a serialisation
 * failure is rolled back and run again (docs/decisions/0058). A transaction's statements are
 * pipelined (pg's pipeline mode): written in the order made, without waiting for the answers
 * before them, so statements a body makes together share a round trip (docs/decisions/0059).
 * Queries are written once, in
 * SQL both engines accept; only what must differ is translated, mechanically, once per SQL
 * string (see translate(), and database.ts for the FOR UPDATE SQLite does without).
 */
import { Client, Pool, types as pgTypes, type ClientConfig, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import type { SQLInputValue } from 'node:sqlite';
import { migrate as applyMigrations } from './migrations.ts';
import { COMMITTED, TxScope, dbStatements, transactionRunner, type Db, type RetryRule, type RunResult, type Statements } from './transaction.ts';

/** Options of a PostgreSQL database. */
export interface PostgresOptions {
  url: string;
  /** The server cancels a statement (a lock wait included) after this long. */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Connections in the pool: transactions and reads running at once in this process. */
  poolSize?: number;
  /**
   * How long a call waits for a free connection before it answers an error; by default as long
   * as the old one-connection seam let a call wait for its answer (two statement timeouts and a
   * connect).
   */
  poolWaitMs?: number;
  /** false: only connect (an administrative connection that makes databases, in tests). */
  migrate?: boolean;
}
/** The advisory lock space of this server (first key), and the migrations' lock (second key). */
const LOCK_SPACE = 0x5f5a_4152; // "_ZAR"
const MIGRATION_KEY = 1;

/**
 * A body that met a deadlock (40P01), a serialisation failure (40001, a REPEATABLE READ
 * snapshot's row changed meanwhile) or a unique key another transaction took after this one
 * looked (23505: a read-then-insert that lost the race, whose next run finds the row and takes
 * the other path) is run again, from a new transaction; a body's stamp is read again with it,
 * so a money call that committed in the meantime answers its first result. So is a body whose
 * connection was found lost at BEGIN (`beforeBegin`): nothing of it ran (docs/decisions/0059).
 * Bounded: a violation that is the program's own fails the same way each time, after this
 * many runs.
 */
const RETRY: RetryRule = {
  attempts: 8,
  retryable: (error) => {
    const code = (error as { code?: string }).code;
    return code === '40P01' || code === '40001' || code === '23505' || (error as PostgresError).beforeBegin === true;
  },
};

/**
 * A transaction's connection while its body runs (docs/decisions/0059): BEGIN's answer, the
 * first statement that failed, and the order its statements are written in.
 */
interface TxConnection {
  client: PoolClient;
  /** Settles (never rejects) once BEGIN answered; a failed BEGIN is `failed`. */
  begun: Promise<void>;
  /** The first failure of the transaction: what the body and every later statement hear. */
  failed?: PostgresError;
  /** Settles once the last statement that had to wait its turn was written. */
  turn: Promise<void>;
  /** Statements made but not yet written. */
  queued: number;
}

/** A database error with PostgreSQL's SQLSTATE when there is one. */
export class PostgresError extends Error {
  readonly code: string | undefined;
  /** The connection was found lost at BEGIN: nothing of the transaction ran, it may run again. */
  beforeBegin?: boolean;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'PostgresError';
    this.code = code;
  }
}

/**
 * Drops a database (tests, the chaos run and the bench make throwaway ones), ending the
 * connections to it. FORCE ends those of the role, not an autovacuum worker of the superuser
 * that started on the database meanwhile (42501): the drop is tried again once that has ended,
 * for about five seconds.
 */
export async function dropDatabase(run: (sql: string) => Promise<unknown>, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The address without its password, for messages and Db.path. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable address)';
  }
}

/** Calls waiting for a free connection past this many are refused at once (the pool's queue bound). */
const MAX_WAITING = 1000;

/**
 * Named prepared statements, one per SQL text: PostgreSQL parses and plans each once per
 * connection instead of on every call (pg remembers which names each connection has parsed,
 * and a new connection parses again). DDL starts a new set of names, so no statement planned
 * against an older table shape is used again. Texts past the cap (SQL built with values in
 * it would grow the set without end) run unnamed.
 */
const MAX_NAMED = 5000;

// SQLite answers integers as numbers; so must this. Cents and millisecond timestamps are far
// below 2^53, and SUM/AVG of them come back as numeric. Booleans become 0/1, as in SQLite.
// Set on this pool's connections only, not on every `pg` user of the process.
const parsers: Record<number, (value: string) => unknown> = { 20: Number, 1700: Number, 16: (v) => (v === 't' ? 1 : 0) };
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers[oid] ?? pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
};

/** True for errors after which a connection cannot be trusted (lost, timed out, shut down). */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  if (!code) return true;
  return code.startsWith('08') || code.startsWith('57P') || code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'EPIPE' || code === 'ETIMEDOUT';
}

/** PostgreSQL refuses a prepared statement whose result columns changed since it was planned. */
function planOutdated(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '0A000' && /cached plan/i.test(e.message ?? '');
}

/** A driver error as a PostgresError, keeping its SQLSTATE. */
function asPostgresError(error: unknown): PostgresError {
  if (error instanceof PostgresError) return error;
  const e = error as { message?: string; code?: string };
  return new PostgresError(e.message ?? String(error), e.code);
}

/**
 * Statements written to a connection in one turn leave in one write (docs/decisions/0059): its
 * socket is corked at the first and uncorked once the turn's microtasks ran. pg corks the
 * messages of each statement, not statements written one after another, so a transaction's
 * BEGIN and first statements, or a body's Promise.all, were a write (a syscall, a packet, a
 * wake-up of PostgreSQL) each.
 */
const corked = new WeakSet<object>();
function oneWrite(client: PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork || corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  // A tick queued from a promise job runs once every promise job of the turn has run.
  process.nextTick(() => {
    corked.delete(stream);
    stream.uncork!();
  });
}

/** Opens (and migrates) a PostgreSQL database; throws a clear error when it cannot be reached. */
export async function openPostgres({ url, statementTimeoutMs = 10_000, connectTimeoutMs = 5_000, poolSize = 10, poolWaitMs = 2 * statementTimeoutMs + connectTimeoutMs, migrate = true }: PostgresOptions): Promise<Db> {
  const address = redactUrl(url);
  const settings = {
    connectionString: url,
    // The server stops a statement after statement_timeout; query_timeout catches a server
    // that stopped answering altogether (the connection is then dropped and made again).
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 2000,
    keepAlive: true,
    application_name: 'sim-server',
    types,
  };
  // pg-pool bounds the making of a connection and the wait for a free one with one setting; the
  // wait is bounded here instead (slots), so a connection that cannot be made fails after
  // connectTimeoutMs while a call may wait poolWaitMs for its turn.
  // Pipeline mode (pg's `pipeline`, docs/decisions/0059): a statement is written to the
  // connection when it is made, not when the one before it answered, so statements of one
  // transaction made together (a body's Promise.all, BEGIN and the body's first statement)
  // share a round trip. Each still has its own Sync: PostgreSQL runs them in order, one at a
  // time, and one that fails leaves the transaction aborted, so those after it answer 25P02
  // and change nothing.
  const pool = new Pool({ ...settings, pipeline: true, max: poolSize, connectionTimeoutMillis: connectTimeoutMs, idleTimeoutMillis: 30_000, allowExitOnIdle: true });
  // A connection that dies while idle (or between two statements of a checked-out one) reports
  // here; the pool drops it, and the next statement on it fails and gives it back as broken.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  // The pool's size limit and bounded queue: a call takes a slot before a connection, first
  // come, first served; past poolWaitMs, or with MAX_WAITING calls already queued, it answers a
  // clear error before anything of it ran.
  let inUse = 0;
  const queue: { grant(): void }[] = [];
  const takeSlot = (): Promise<void> | undefined => {
    if (inUse < poolSize) {
      inUse++;
      return undefined;
    }
    if (queue.length >= MAX_WAITING) throw new PostgresError(`database pool exhausted: ${MAX_WAITING} calls already wait for one of ${poolSize} connections (${address})`, '53300');
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(entry), 1);
        reject(new PostgresError(`database pool exhausted: no connection of ${poolSize} free within ${poolWaitMs} ms (${address})`, '53300'));
      }, poolWaitMs);
      queue.push(entry);
    });
  };
  const giveSlot = (): void => {
    const next = queue.shift();
    if (next) next.grant();
    else inUse--;
  };

  /**
   * A connection of this process's pool, once a slot is free. Once the server runs, a new
   * connection that PostgreSQL was too slow to make (a busy machine, many made at once) is
   * tried again while the call's wait allows: the call has done nothing yet. At start an
   * unreachable database fails at once, with its address.
   */
  let running = false;
  const checkout = async (): Promise<PoolClient> => {
    const deadline = Date.now() + poolWaitMs;
    for (;;) {
      const wait = takeSlot();
      if (wait) await wait;
      try {
        return await pool.connect();
      } catch (error) {
        giveSlot();
        if (!/timeout exceeded when trying to connect|connection timeout/i.test((error as Error).message ?? '')) throw asPostgresError(error);
        if (!running || Date.now() + connectTimeoutMs > deadline) {
          throw new PostgresError(`database did not answer within ${connectTimeoutMs} ms (${address})`, '08001');
        }
      }
    }
  };
  /** Gives a connection back (dropped from the pool when `broken`), and its slot with it. */
  const giveBack = (client: PoolClient, broken?: Error): void => {
    client.release(broken);
    giveSlot();
  };

  const scope = new TxScope();
  const named = new Map<string, string>();
  let generation = 0;
  const nameOf = (sql: string): string | undefined => {
    let name = named.get(sql);
    if (name === undefined && named.size < MAX_NAMED && !/;\s*\S/.test(sql)) {
      name = `z${generation}_${named.size}`;
      named.set(sql, name);
    }
    return name;
  };
  const forgetPlans = (): void => {
    named.clear();
    generation++;
  };

  // Statements are prepared once the migrations ran: until then tables change shape under them.
  let prepare = false;

  /** What pg is given for `sql`: its prepared statement's name once the migrations ran. */
  const configOf = (sql: string, values: unknown[]): QueryConfig => {
    const ddl = /^\s*(CREATE|ALTER|DROP|DO)\b/i.test(sql);
    if (ddl && named.size > 0) forgetPlans();
    return { text: sql, values, name: prepare && !ddl ? nameOf(sql) : undefined };
  };

  /**
   * Runs one statement on any pool connection, outside a transaction. A read is asked again
   * once on a new connection when the old one turned out to be gone (PostgreSQL restarted while
   * it was idle); a write is not, since it may have been done before the connection died.
   */
  const query = async (sql: string, values: unknown[]): Promise<QueryResult> => {
    const once = async (): Promise<QueryResult> => {
      const c = await checkout();
      try {
        const result = await c.query(configOf(sql, values));
        giveBack(c);
        return result;
      } catch (error) {
        giveBack(c, connectionLost(error) ? (error as Error) : undefined);
        throw error;
      }
    };
    try {
      // Every idle connection of the pool may have died together (PostgreSQL restarted): a read
      // tries each at most once, then a new one.
      for (let attempt = 0; ; attempt++) {
        try {
          return await once();
        } catch (error) {
          if (attempt > poolSize || !connectionLost(error) || error instanceof PostgresError || !/^\s*SELECT\b/i.test(sql)) throw error;
        }
      }
    } catch (error) {
      if (!planOutdated(error)) throw asPostgresError(error);
      // Another process changed a table under a connection's prepared statements (a new
      // version's migration): they are all made again, and the read simply asks again.
      forgetPlans();
      try {
        return await query(sql, values);
      } catch (again) {
        throw asPostgresError(again);
      }
    }
  };

  /**
   * Writes a transaction's statement to its connection, in the order the body made them
   * (docs/decisions/0059). pg writes a statement the moment it is given one (pipeline mode), so
   * a statement whose text is ready and has nothing queued before it goes out at once, in this
   * turn: statements a body makes together (Promise.all) leave together and share a round
   * trip. One whose text must still be worked out (an INSERT's identity column, after DDL)
   * waits, and every statement made after it waits behind it: the order PostgreSQL runs them in
   * is the order they were made, as it is on SQLite.
   */
  const send = (tx: TxConnection, text: string | Promise<string>, values: unknown[]): Promise<QueryResult> => {
    if (tx.queued === 0 && typeof text === 'string') {
      oneWrite(tx.client);
      return tx.client.query(configOf(text, values));
    }
    const before = tx.turn;
    let sent!: () => void;
    tx.turn = new Promise((resolve) => (sent = resolve));
    tx.queued++;
    return (async () => {
      try {
        await before;
        // Returned, not awaited: the statement is written before `finally` lets the next one go.
        const config = configOf(await text, values);
        oneWrite(tx.client);
        return tx.client.query(config);
      } finally {
        tx.queued--;
        sent();
      }
    })();
  };

  /**
   * A transaction's statement. It is never retried alone: the transaction belongs to its
   * connection, and fails as a whole. The first statement that fails is the one the body hears,
   * from every statement that failed with it: those written after it (pipelined) answer 25P02,
   * "current transaction is aborted", which says nothing of why. A BEGIN that failed is the
   * first of all: the statements written behind it answer its error.
   */
  const txQuery = async (tx: TxConnection, text: string | Promise<string>, values: unknown[]): Promise<QueryResult> => {
    const answer = send(tx, text, values);
    try {
      return await answer;
    } catch (error) {
      await tx.begun;
      if (!tx.failed) {
        // A table changed under a prepared statement (another process's migration): the plans
        // are all made again; this transaction is aborted by it and fails as a whole.
        if (planOutdated(error)) forgetPlans();
        tx.failed = asPostgresError(error);
      }
      throw tx.failed;
    }
  };

  const identity = new Map<string, string>();
  let identityStale = true;
  const loadIdentity = async (read: (sql: string) => Promise<QueryResult>): Promise<void> => {
    const { rows } = await read("SELECT table_name, column_name FROM information_schema.columns WHERE is_identity = 'YES' AND table_schema = current_schema()");
    identity.clear();
    for (const r of rows) identity.set(r.table_name as string, r.column_name as string);
    identityStale = false;
  };
  /**
   * A table's identity column: known at once, unless DDL ran since it was last read; then read
   * again through `read`, the connection asking. A transaction never waits for a second
   * connection of the pool: with every connection held by transactions queued on one player's
   * row lock, the one holding the lock would wait for a connection they hold, until the
   * statement timeout.
   */
  const identityOf = (table: string, read: (sql: string) => Promise<QueryResult>): string | undefined | Promise<string | undefined> =>
    identityStale ? loadIdentity(read).then(() => identity.get(table)) : identity.get(table);

  const params = (values: SQLInputValue[]): unknown[] => values.map((v) => (typeof v === 'bigint' ? v.toString() : v));

  /**
   * The three statements, on a transaction's connection or on the pool. Each is handed to the
   * connection before its first `await`: statements made in one turn go out in that order.
   */
  const statementsOn = (tx?: TxConnection): Statements => {
    const exec = (text: string | Promise<string>, values: unknown[]): Promise<QueryResult> =>
      tx ? txQuery(tx, text, values) : typeof text === 'string' ? query(text, values) : text.then((t) => query(t, values));
    return {
      run: async (sql, ...values) => {
        const t = translate(sql);
        if (t.ddl) identityStale = true;
        const table = t.insertInto;
        // An INSERT answers its new row's id (lastInsertRowid) through RETURNING its identity column.
        const pk = table ? identityOf(table, (text) => exec(text, [])) : undefined;
        const withPk = (key: string | undefined): string => (key && !t.returning ? withReturning(t.text, key) : t.text);
        const text = pk instanceof Promise ? pk.then(withPk) : withPk(pk);
        const { rows, rowCount } = await exec(text, params(values));
        if (t.ddl) identityStale = true;
        const key = await pk;
        // SQLite numbers the next row after the largest id, given ones included; a sequence does
        // not see ids given explicitly (seeds, tests), so it is moved past them.
        if (table && key && t.columns.includes(key) && (rowCount ?? 0) > 0) {
          await exec(`SELECT setval(pg_get_serial_sequence('${table}', '${key}'), (SELECT MAX(${key}) FROM ${table}))`, []);
        }
        const id = key ? Number(rows.at(-1)?.[key] ?? 0) : 0;
        return { changes: rowCount ?? 0, lastInsertRowid: id } satisfies RunResult;
      },
      get: async <T,>(sql: string, ...values: SQLInputValue[]) => (await exec(translate(sql).text, params(values))).rows[0] as T | undefined,
      all: async <T,>(sql: string, ...values: SQLInputValue[]) => (await exec(translate(sql).text, params(values))).rows as T[],
    };
  };

  const transaction = transactionRunner(async (options) => {
    if (options?.player !== undefined && !Number.isSafeInteger(options.player)) throw new Error(`transaction: player must be an integer id, got ${options.player}`);
    const client = await checkout();
    let done = false;
    const end = (broken?: Error): void => {
      if (done) return;
      done = true;
      giveBack(client, broken);
    };
    // No lock is taken here: each body locks the rows it decides on (docs/decisions/0058).
    // A snapshot (the ledger check) reads one committed state and writes nothing.
    //
    // BEGIN is not waited for (docs/decisions/0042, 0059): it is written, and the body's first
    // statements are written behind it in the same round trip. PostgreSQL runs them in order,
    // so they run inside the transaction; a BEGIN that fails aborts it (or loses the
    // connection), so none of them runs outside one, and each answers BEGIN's error.
    // The calling player's row lock goes with BEGIN, in the same round trip.
    const player = options?.player;
    const beginSql = options?.snapshot
      ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'
      : player === undefined ? 'BEGIN' : `BEGIN; SELECT 1 FROM users WHERE id = ${player} FOR NO KEY UPDATE`;
    const tx: TxConnection = { client, begun: Promise.resolve(), turn: Promise.resolve(), queued: 0 };
    oneWrite(client);
    tx.begun = client.query(beginSql).then(() => undefined, (error: unknown) => {
      const failed = asPostgresError(error);
      // A connection found dead at BEGIN (each idle one may have died with the others, when
      // PostgreSQL restarted): nothing of the body ran on it, so the body is run again from a
      // new transaction on another (RETRY).
      if (connectionLost(error)) {
        failed.beforeBegin = true;
        end(error as Error);
      }
      tx.failed ??= failed;
    });
    return {
      statements: statementsOn(tx),
      commit: async () => {
        await tx.begun;
        // A statement failed and the body went on regardless: the transaction is aborted, and
        // PostgreSQL would answer its COMMIT with a ROLLBACK, no error. The body's first error
        // is the answer (the runner rolls back).
        if (tx.failed) throw tx.failed;
        try {
          await client.query('COMMIT');
        } catch (error) {
          end(error as Error);
          throw asPostgresError(error);
        }
        end();
      },
      rollback: async () => {
        await tx.begun;
        if (done) return;
        try {
          // Written behind whatever of the body is still on its way: PostgreSQL answers those
          // first (25P02 once one failed), then rolls everything back.
          await client.query('ROLLBACK');
          end();
        } catch (error) {
          // The connection is gone or broken: dropping it ends the transaction.
          end(error as Error);
        }
      },
    };
  }, scope, undefined, RETRY);

  try {
    await query('SELECT 1', []);
  } catch (error) {
    await pool.end().catch(() => {});
    const e = error as PostgresError;
    throw new PostgresError(`cannot reach PostgreSQL at DATABASE_URL=${address}: ${e.message}`, e.code);
  }
  const { run, get, all } = dbStatements(statementsOn(), scope);
  if (migrate) {
    // The NOCASE collation SQLite has built in, as an ICU collation that ignores case.
    await run("DO $$ BEGIN CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false); EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL; END $$");
    await migrateOnce({ run, get, all, transaction });
  }
  prepare = true;
  // Read once now, not by the first INSERTs of a busy start, each on its own connection.
  await loadIdentity((text) => query(text, []));
  running = true;

  const leases = createLeases(settings, connectTimeoutMs);
  return {
    run,
    get,
    all,
    transaction,
    commits: COMMITTED,
    tryLease: leases.tryLease,
    path: address,
    close: async () => {
      await leases.close();
      await pool.end().catch(() => {});
    },
  };
}

/**
 * Leases: session advisory locks held on one dedicated connection (not the pool's, whose
 * connections come and go) for the life of the process. When that connection is lost every
 * lease goes with it, and another process's next tryLease takes them; this one, connected
 * again, is refused until they are free.
 */
function createLeases(settings: ClientConfig, connectTimeoutMs: number): { tryLease(name: string): Promise<boolean>; close(): Promise<void> } {
  let client: Promise<Client> | undefined;
  const held = new Set<string>();
  const drop = (c: Client): void => {
    held.clear();
    client = undefined;
    c.end().catch(() => {});
  };
  const connection = (): Promise<Client> => {
    client ??= (async () => {
      const c = new Client({ ...settings, connectionTimeoutMillis: connectTimeoutMs });
      c.on('error', () => drop(c));
      c.on('end', () => {
        held.clear();
        client = undefined;
      });
      try {
        await c.connect();
      } catch (error) {
        client = undefined;
        c.end().catch(() => {});
        throw error;
      }
      // This connection only holds locks: it must not keep the process alive.
      (c as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
      return c;
    })();
    return client;
  };
  // One call at a time, so two takers in this process never make two connections.
  let queue: Promise<unknown> = Promise.resolve();
  const tryLease = (name: string): Promise<boolean> => {
    const next = queue.then(async () => {
      // Unreachable, this process holds nothing: it answers false rather than failing.
      try {
        const c = await connection();
        if (held.has(name)) {
          // Held while this connection lives: a round trip proves it still does.
          await c.query('SELECT 1').catch((error: unknown) => {
            if (!connectionLost(error)) throw error;
            drop(c);
          });
          if (held.has(name)) return true;
        }
        const live = await connection();
        const { rows } = await live.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS held', [LOCK_SPACE, name]);
        if (rows[0]?.held) held.add(name);
        return Boolean(rows[0]?.held);
      } catch (error) {
        if (!connectionLost(error)) throw asPostgresError(error);
        return false;
      }
    });
    queue = next.catch(() => {});
    return next;
  };
  return {
    tryLease,
    close: async () => {
      const c = client;
      client = undefined;
      held.clear();
      if (c) await (await c.catch(() => undefined))?.end().catch(() => {});
    },
  };
}

/** Runs the migrations, each under the migrations' lock, so two processes starting together apply each once. */
async function migrateOnce(db: Pick<Db, 'run' | 'get' | 'all' | 'transaction'>): Promise<void> {
  // Each migration is its own transaction under the lock, but which ones are missing is read
  // before: a process that lost the race to another starting beside it fails on the other's
  // table or key (and rolls back), so it reads again and goes on.
  const locked: Db['transaction'] = (fn, options) => db.transaction(async (tx) => {
    await tx.get(`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${MIGRATION_KEY})`);
    return fn(tx);
  }, options);
  for (let attempt = 0; ; attempt++) {
    try {
      await applyMigrations({ ...db, transaction: locked, exec: async (sql) => void (await db.run(sql)), engine: 'postgres' });
      return;
    } catch (error) {
      if (attempt >= 3 || !ALREADY_THERE.has((error as PostgresError).code ?? '')) throw error;
    }
  }
}

/** SQLSTATEs of a table, column, object or key created meanwhile by another process. */
const ALREADY_THERE = new Set(['23505', '42P07', '42701', '42710']);

/** A translated statement. */
interface Translated {
  text: string;
  ddl: boolean;
  /** The table of an INSERT, for lastInsertRowid. */
  insertInto?: string;
  /** The INSERT's column list, lower case. */
  columns: string[];
  returning: boolean;
}

const translations = new Map<string, Translated>();

/**
 * What SQLite and PostgreSQL spell differently and cannot be written once: `?` placeholders
 * become `$n`; in DDL, SQLite's 64-bit INTEGER becomes BIGINT, a rowid alias an identity
 * column, REAL double precision, BLOB bytea, and WITHOUT ROWID goes. Aliases keep their case
 * (PostgreSQL folds unquoted names to lower case; SQLite answers them as written).
 */
export function translate(sql: string): Translated {
  let t = translations.get(sql);
  if (t) return t;
  const ddl = /^\s*(CREATE|ALTER|DROP)\b/i.test(sql);
  let text = placeholders(sql);
  if (ddl) {
    text = mapOutsideStrings(text, (code) =>
      code
        // A rowid alias named id is numbered by the database; one that names another table's row
        // (user_id INTEGER PRIMARY KEY REFERENCES users) is just a key.
        .replace(/\bid\s+INTEGER\s+PRIMARY\s+KEY(\s+AUTOINCREMENT)?/gi, 'id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY')
        .replace(/\bINTEGER\b/gi, 'BIGINT')
        .replace(/\bREAL\b/gi, 'DOUBLE PRECISION')
        .replace(/\bBLOB\b/gi, 'BYTEA')
        .replace(/\)\s*WITHOUT\s+ROWID\s*$/i, ')'),
    );
  } else {
    // Every use of a mixed-case alias is quoted, the ORDER BY that names it included.
    const aliases = new Set<string>();
    mapOutsideStrings(text, (code) => {
      for (const m of code.matchAll(/\bAS\s+([a-z_][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b/g)) aliases.add(m[1]!);
      return code;
    });
    const mixed = aliases.size ? new RegExp(`(?<![\\w"])(${[...aliases].join('|')})\\b`, 'g') : undefined;
    text = mapOutsideStrings(text, (code) => (mixed ? code.replace(mixed, '"$1"') : code).replace(/\bREAL\b/g, 'DOUBLE PRECISION'));
  }
  const insert = /^\s*INSERT\s+INTO\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([^)]*)\))?/i.exec(sql);
  const columns = insert?.[2]?.split(',').map((c) => c.trim().toLowerCase()) ?? [];
  t = { text, ddl, insertInto: insert?.[1], columns, returning: /\bRETURNING\b/i.test(sql) };
  translations.set(sql, t);
  return t;
}

/** `?` to `$1, $2, ...`, leaving string literals, quoted names and comments alone. */
function placeholders(sql: string): string {
  let n = 0;
  return mapOutsideStrings(sql, (code) => code.replace(/\?/g, () => `$${++n}`));
}

/** Applies `f` to the parts of `sql` outside '...' literals, "..." names and -- comments. */
function mapOutsideStrings(sql: string, f: (code: string) => string): string {
  let out = '';
  let code = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) break;
        if (sql[j] === c) {
          if (sql[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      out += f(code) + sql.slice(i, j + 1);
      code = '';
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const j = end === -1 ? sql.length : end;
      out += f(code) + sql.slice(i, j);
      code = '';
      i = j;
    } else {
      code += c;
      i++;
    }
  }
  return out + f(code);
}

const returningCache = new Map<string, string>();
function withReturning(text: string, pk: string): string {
  const key = `${pk}\u0000${text}`;
  let out = returningCache.get(key);
  if (!out) {
    out = `${text.replace(/;\s*$/, '')} RETURNING ${pk}`;
    returningCache.set(key, out);
  }
  return out;
}
