/**
 * The PostgreSQL connection's thread (sim-server/db/postgres.ts is the other half). It owns
 * one `pg` connection and answers one request at a time: the main thread posts a request with
 * an id, blocks on the shared signal until it holds that id, and reads the answer with
 * receiveMessageOnPort once this thread has posted it and stored the id.
 *
 * A lost connection is noticed here: the request in progress answers an error, and the next
 * one connects again, except inside a transaction. A transaction belongs to its connection,
 * so after a loss every statement of it fails until the main thread's ROLLBACK ends it, and
 * nothing of it is ever run in autocommit on a new connection.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { Client, types, type QueryResult } from 'pg';

/** What the main thread asks. */
export type PgRequest =
  | { op: 'open' }
  | { op: 'query'; sql: string; params: unknown[]; prepare?: boolean }
  /** Not answered: a failed BEGIN answers the transaction's next request instead. */
  | { op: 'begin' }
  | { op: 'commit' }
  /** Not answered: the main thread has nothing to do with a ROLLBACK's outcome. */
  | { op: 'rollback' }
  | { op: 'lease'; name: string }
  | { op: 'close' };

/** What this thread answers. */
export type PgReply =
  | { ok: true; rows: Record<string, unknown>[]; rowCount: number }
  | { ok: false; message: string; code?: string };

/** A request as posted: the answered ones carry the id their answer is paired by. */
type Posted = PgRequest & { id?: number };

/** Settings the main thread hands over. */
export interface PgWorkerData {
  url: string;
  signal: Int32Array;
  port: MessagePort;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  /** The first key of every advisory lock this server takes (the second is the lock's own). */
  lockSpace: number;
  /** The transaction lock's second key: one writer at a time, like SQLite's BEGIN IMMEDIATE. */
  writerKey: number;
}

const { url, signal, port, statementTimeoutMs, connectTimeoutMs, lockSpace, writerKey } = workerData as PgWorkerData;

// SQLite answers integers as numbers; so must this. Cents and millisecond timestamps are far
// below 2^53, and SUM/AVG of them come back as numeric. Booleans become 0/1, as in SQLite.
types.setTypeParser(20, Number);
types.setTypeParser(1700, Number);
types.setTypeParser(16, (v) => (v === 't' ? 1 : 0));

let client: Client | undefined;
/** Set when the connection was lost inside a transaction: everything fails until ROLLBACK. */
let brokenTx = false;
let inTx = false;
/** Why the transaction's BEGIN failed: its statements and COMMIT answer this, until ROLLBACK. */
let failedBegin: Error | undefined;
/** Leases (session advisory locks) this connection holds. */
const leases = new Set<string>();

/**
 * Named prepared statements, one per SQL text: PostgreSQL parses and plans each once per
 * connection instead of on every call (pg remembers which names its connection has parsed, and
 * a new connection parses again). DDL starts a new set of names, so no statement planned
 * against an older table shape is used again. Texts past the cap (SQL built with values in
 * it would grow the set without end) run unnamed.
 */
const MAX_NAMED = 5000;
const named = new Map<string, string>();
let generation = 0;
function nameOf(sql: string): string | undefined {
  let name = named.get(sql);
  if (name === undefined && named.size < MAX_NAMED && !/;\s*\S/.test(sql)) {
    name = `z${generation}_${named.size}`;
    named.set(sql, name);
  }
  return name;
}

function drop(c: Client): void {
  if (client !== c) return;
  client = undefined;
  leases.clear();
  if (inTx) brokenTx = true;
  c.end().catch(() => {});
}

/** True for errors after which the connection cannot be trusted (lost, timed out, shut down). */
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

async function connection(): Promise<Client> {
  if (client) return client;
  if (brokenTx) throw Object.assign(new Error('database connection lost in the middle of a transaction'), { code: '08006' });
  const c = new Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    // The server stops a statement after statement_timeout; query_timeout catches a server
    // that stopped answering altogether (the connection is then dropped and made again).
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 2000,
    keepAlive: true,
    application_name: 'sim-server',
  });
  c.on('error', () => drop(c));
  c.on('end', () => drop(c));
  try {
    await c.connect();
  } catch (error) {
    c.end().catch(() => {});
    throw error;
  }
  client = c;
  return c;
}

async function query(sql: string, params: unknown[] = [], name?: string): Promise<QueryResult> {
  const c = await connection();
  try {
    return await c.query({ text: sql, values: params, name });
  } catch (error) {
    if (connectionLost(error)) drop(c);
    throw error;
  }
}

/** Runs `f`, and once more on a new connection when `retry` and the connection was lost. */
async function once<T>(f: () => Promise<T>, retry: boolean): Promise<T> {
  try {
    return await f();
  } catch (error) {
    if (!retry || !connectionLost(error)) throw error;
    return f();
  }
}

async function handle(request: PgRequest): Promise<PgReply> {
  switch (request.op) {
    case 'open':
      await query('SELECT 1');
      return { ok: true, rows: [], rowCount: 0 };
    case 'query': {
      if (failedBegin) throw failedBegin;
      const ddl = /^\s*(CREATE|ALTER|DROP|DO)\b/i.test(request.sql);
      if (ddl && named.size > 0) {
        named.clear();
        generation++;
      }
      const name = request.prepare && !ddl ? nameOf(request.sql) : undefined;
      // A read outside a transaction is asked again once on a new connection when the old one
      // turned out to be gone (PostgreSQL restarted while this one was idle); a write is not,
      // since it may have been done before the connection died.
      const retry = !inTx && /^\s*SELECT\b/i.test(request.sql);
      let result: QueryResult;
      try {
        result = await once(() => query(request.sql, request.params, name), retry);
      } catch (error) {
        if (!planOutdated(error)) throw error;
        // Another process changed a table under this connection's prepared statements (a new
        // version's migration): they are all made again, and a read outside a transaction
        // simply asks again (a transaction is aborted by the error and fails as a whole).
        named.clear();
        generation++;
        if (inTx) throw error;
        result = await query(request.sql, request.params, nameOf(request.sql));
      }
      return { ok: true, rows: result.rows, rowCount: result.rowCount ?? 0 };
    }
    case 'begin':
      failedBegin = undefined;
      // Nothing is done yet: a connection found dead at BEGIN is simply made again.
      await once(async () => {
        brokenTx = false;
        await connection();
        inTx = true;
        try {
          await query(`BEGIN; SELECT pg_advisory_xact_lock(${lockSpace}, ${writerKey})`);
        } catch (error) {
          inTx = false;
          brokenTx = false;
          throw error;
        }
      }, true);
      return { ok: true, rows: [], rowCount: 0 };
    case 'commit':
      if (failedBegin) throw failedBegin;
      try {
        await query('COMMIT');
      } finally {
        inTx = false;
      }
      return { ok: true, rows: [], rowCount: 0 };
    case 'rollback':
      failedBegin = undefined;
      inTx = false;
      if (brokenTx) brokenTx = false;
      else if (client) await query('ROLLBACK');
      return { ok: true, rows: [], rowCount: 0 };
    case 'lease': {
      // Unreachable, this process holds nothing: it answers false rather than failing.
      try {
        if (leases.has(request.name)) {
          // Held while this connection lives: a round trip proves it still does.
          await query('SELECT 1').catch((error: unknown) => {
            if (!connectionLost(error)) throw error;
          });
          if (leases.has(request.name)) return { ok: true, rows: [{ held: 1 }], rowCount: 1 };
        }
        const { rows } = await query('SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS held', [lockSpace, request.name]);
        if (rows[0]?.held) leases.add(request.name);
        return { ok: true, rows: [{ held: rows[0]?.held ? 1 : 0 }], rowCount: 1 };
      } catch (error) {
        if (!connectionLost(error) || inTx) throw error;
        return { ok: true, rows: [{ held: 0 }], rowCount: 1 };
      }
    }
    case 'close':
      if (client) await client.end().catch(() => {});
      client = undefined;
      return { ok: true, rows: [], rowCount: 0 };
  }
}

// One request at a time, in order: BEGIN and ROLLBACK are posted without waiting for them, so
// the request after one can arrive while it still runs.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: Posted) => {
  queue = queue.then(() => serve(request));
});

async function serve(request: Posted): Promise<void> {
  try {
    const reply = await handle(request);
    if (request.id !== undefined) answer(reply, request.id);
  } catch (error) {
    const e = error as { message?: string; code?: string };
    if (request.op === 'begin') failedBegin = Object.assign(new Error(e.message ?? String(error)), { code: e.code });
    else if (request.id !== undefined) answer({ ok: false, message: e.message ?? String(error), code: e.code }, request.id);
  }
}

/** Posts the answer before storing its id: once the main thread sees the id, the answer is there (awaitReply). */
function answer(reply: PgReply, id: number): void {
  port.postMessage({ ...reply, id });
  Atomics.store(signal, 0, id);
  Atomics.notify(signal, 0);
}
