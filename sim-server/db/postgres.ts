/**
 * The same Db on PostgreSQL (DATABASE_URL, docs/design.md section 10, docs/decisions/0030). The seam stays
 * synchronous, as every domain's transaction body relies on: a worker thread owns the `pg`
 * connection (postgres-worker.ts) and this thread blocks per statement on a shared signal
 * until it holds the statement's request id, then reads the answer with receiveMessageOnPort
 * (the synckit pattern; awaitReply).
 *
 * Writers are serialised like SQLite's BEGIN IMMEDIATE, across every process on the database:
 * each transaction takes one transaction-level advisory lock first. Reads outside a transaction
 * take no lock. Queries are written once, in SQL both engines accept; only what must differ
 * is translated here, mechanically, once per SQL string (see translate()).
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { SQLInputValue } from 'node:sqlite';
import { migrate as applyMigrations } from './migrations.ts';
import { COMMITTED, transactionRunner, type Db, type Tx } from './transaction.ts';
import type { PgReply, PgRequest, PgWorkerData } from './postgres-worker.ts';

/** Options of a PostgreSQL database. */
export interface PostgresOptions {
  url: string;
  /** The server cancels a statement (a lock wait included) after this long. */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** false: only connect (an administrative connection that makes databases, in tests). */
  migrate?: boolean;
}

/** The advisory lock space of this server (first key), and the writers' lock (second key). */
const LOCK_SPACE = 0x5f5a_4152; // "_ZAR"
const WRITER_KEY = 1;

/** A database error with PostgreSQL's SQLSTATE when there is one. */
export class PostgresError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'PostgresError';
    this.code = code;
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

/** Opens (and migrates) a PostgreSQL database; throws a clear error when it cannot be reached. */
export function openPostgres({ url, statementTimeoutMs = 10_000, connectTimeoutMs = 5_000, migrate = true }: PostgresOptions): Db {
  const address = redactUrl(url);
  // The main thread waits at most this long for one answer; past it the worker is replaced.
  // A statement's answer can also wait for the BEGIN posted before it (its lock wait included).
  const waitMs = 2 * statementTimeoutMs + connectTimeoutMs + 5_000;
  let link: { worker: Worker; port: MessagePort; signal: Int32Array } | undefined;

  const start = () => {
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const data: PgWorkerData = { url, signal, port: port2, statementTimeoutMs, connectTimeoutMs, lockSpace: LOCK_SPACE, writerKey: WRITER_KEY };
    const worker = new Worker(new URL('./postgres-worker.ts', import.meta.url), { workerData: data, transferList: [port2] });
    // The worker only ever answers this thread's requests: it must not keep the process alive.
    worker.unref();
    port1.unref();
    return { worker, port: port1, signal };
  };

  /** A request the worker does not answer (BEGIN, ROLLBACK): it runs before the next one. */
  const post = (request: PgRequest): void => {
    link ??= start();
    const { port } = link;
    port.postMessage(request);
  };

  let lastId = 0;
  const call = (request: PgRequest): { rows: Record<string, unknown>[]; rowCount: number } => {
    link ??= start();
    const { port, signal, worker } = link;
    const id = (lastId = (lastId % 0x7fff_ffff) + 1);
    port.postMessage({ ...request, id });
    const reply = awaitReply(signal, port, id, waitMs);
    if (reply === 'timed-out' || reply === 'out-of-step') {
      // The worker is stuck, or its answers no longer pair with the requests: a fresh one (and
      // connection) serves the next call, so no later call can read another's answer.
      link = undefined;
      void worker.terminate();
      if (reply === 'out-of-step') throw new PostgresError(`database worker answered out of step (${address})`);
      throw new PostgresError(`database did not answer within ${waitMs} ms (${address})`, '57014');
    }
    if (!reply.ok) throw new PostgresError(reply.message, reply.code);
    return reply;
  };

  const identity = new Map<string, string>();
  let identityStale = true;
  const identityOf = (table: string): string | undefined => {
    if (identityStale) {
      identity.clear();
      const { rows } = call({ op: 'query', sql: "SELECT table_name, column_name FROM information_schema.columns WHERE is_identity = 'YES' AND table_schema = current_schema()", params: [] });
      for (const r of rows) identity.set(r.table_name as string, r.column_name as string);
      identityStale = false;
    }
    return identity.get(table);
  };

  const params = (values: SQLInputValue[]): unknown[] => values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
  // Statements are prepared once the migrations ran: until then tables change shape under them.
  let prepare = false;

  const run: Tx['run'] = (sql, ...values) => {
    const t = translate(sql);
    if (t.ddl) identityStale = true;
    let text = t.text;
    let pk: string | undefined;
    const table = t.insertInto;
    if (table) {
      pk = identityOf(table);
      if (pk && !t.returning) text = withReturning(text, pk);
    }
    const { rows, rowCount } = call({ op: 'query', sql: text, params: params(values), prepare });
    if (t.ddl) identityStale = true;
    // SQLite numbers the next row after the largest id, given ones included; a sequence does
    // not see ids given explicitly (seeds, tests), so it is moved past them.
    if (table && pk && t.columns.includes(pk) && rowCount > 0) {
      call({ op: 'query', sql: `SELECT setval(pg_get_serial_sequence('${table}', '${pk}'), (SELECT MAX(${pk}) FROM ${table}))`, params: [] });
    }
    const id = pk ? Number(rows.at(-1)?.[pk] ?? 0) : 0;
    return { changes: rowCount, lastInsertRowid: id };
  };
  const get = <T,>(sql: string, ...values: SQLInputValue[]) => call({ op: 'query', sql: translate(sql).text, params: params(values), prepare }).rows[0] as T | undefined;
  const all = <T,>(sql: string, ...values: SQLInputValue[]) => call({ op: 'query', sql: translate(sql).text, params: params(values), prepare }).rows as T[];

  const transaction = transactionRunner(
    {
      // BEGIN (with the writers' lock) is not waited for: the worker runs it before the first
      // statement, and a failed BEGIN answers that statement (or the COMMIT) with its error.
      begin: () => post({ op: 'begin' }),
      commit: () => call({ op: 'commit' }),
      // Nor is ROLLBACK: a lost connection rolls back by itself, and the next request waits for it.
      rollback: () => post({ op: 'rollback' }),
    },
    { run, get, all },
  );

  try {
    call({ op: 'open' });
  } catch (error) {
    if (link) void link.worker.terminate();
    const e = error as PostgresError;
    throw new PostgresError(`cannot reach PostgreSQL at DATABASE_URL=${address}: ${e.message}`, e.code);
  }
  if (migrate) {
    // The NOCASE collation SQLite has built in, as an ICU collation that ignores case.
    run("DO $$ BEGIN CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false); EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL; END $$");
    migrateOnce({ run, get, all, transaction });
  }
  prepare = true;

  return {
    run,
    get,
    all,
    transaction,
    commits: COMMITTED,
    tryLease: (name) => call({ op: 'lease', name }).rows[0]?.held === 1,
    path: address,
    close: () => {
      if (!link) return;
      try {
        call({ op: 'close' });
      } catch {
        // closing anyway
      }
      void link.worker.terminate();
      link = undefined;
    },
  };
}

/**
 * Blocks until the worker has answered request `id`, and reads that answer. The worker posts
 * the answer, then stores its id in `signal` and notifies. A wake-up alone proves nothing: the
 * notify of the previous answer can land after this request was posted (the previous wait saw
 * the stored id and returned before the notify ran), so the wait goes on until the signal
 * holds this request's id.
 */
export function awaitReply(signal: Int32Array, port: MessagePort, id: number, waitMs: number): PgReply | 'timed-out' | 'out-of-step' {
  const deadline = performance.now() + waitMs;
  for (let seen = Atomics.load(signal, 0); seen !== id; seen = Atomics.load(signal, 0)) {
    const left = deadline - performance.now();
    if (left <= 0 || Atomics.wait(signal, 0, seen, left) === 'timed-out') return 'timed-out';
  }
  const reply = receiveMessageOnPort(port)?.message as (PgReply & { id?: number }) | undefined;
  return reply?.id === id ? reply : 'out-of-step';
}

/** Runs the migrations with the writers' lock held, so two processes starting together apply each once. */
function migrateOnce(db: Pick<Db, 'run' | 'get' | 'all' | 'transaction'>): void {
  // Each migration is its own transaction under the writers' lock, but which ones are missing
  // is read before: a process that lost the race to another starting beside it fails on the
  // other's table or key (and rolls back), so it reads again and goes on.
  for (let attempt = 0; ; attempt++) {
    try {
      applyMigrations({ ...db, exec: (sql) => db.run(sql), engine: 'postgres' });
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
