/**
 * The PostgreSQL connection's thread (sim-server/db/postgres.ts is the other half). It owns
 * one `pg` connection and answers one request at a time: the main thread posts a request,
 * blocks on the shared signal, and reads the answer with receiveMessageOnPort once this
 * thread has posted it and raised the signal.
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
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'begin' }
  | { op: 'commit' }
  | { op: 'rollback' }
  | { op: 'lease'; name: string }
  | { op: 'close' };

/** What this thread answers. */
export type PgReply =
  | { ok: true; rows: Record<string, unknown>[]; rowCount: number }
  | { ok: false; message: string; code?: string };

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
/** Leases (session advisory locks) this connection holds. */
const leases = new Set<string>();

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

async function query(sql: string, params: unknown[] = []): Promise<QueryResult> {
  const c = await connection();
  try {
    return await c.query({ text: sql, values: params });
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
      // A read outside a transaction is asked again once on a new connection when the old one
      // turned out to be gone (PostgreSQL restarted while this one was idle); a write is not,
      // since it may have been done before the connection died.
      const retry = !inTx && /^\s*SELECT\b/i.test(request.sql);
      const result = await once(() => query(request.sql, request.params), retry);
      return { ok: true, rows: result.rows, rowCount: result.rowCount ?? 0 };
    }
    case 'begin':
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
      try {
        await query('COMMIT');
      } finally {
        inTx = false;
      }
      return { ok: true, rows: [], rowCount: 0 };
    case 'rollback':
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

port.on('message', (request: PgRequest) => {
  handle(request).then(
    (reply) => answer(reply),
    (error: unknown) => {
      const e = error as { message?: string; code?: string };
      answer({ ok: false, message: e.message ?? String(error), code: e.code });
    },
  );
});

function answer(reply: PgReply): void {
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}
