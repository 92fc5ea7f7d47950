/**
 * The PostgreSQL floor of a money call (docs/decisions/0059): a bare `pg` client, no server,
 * no HTTP, making transactions of 8 statements on one row each (BEGIN, a row lock, two
 * UPDATEs, an INSERT, a read, an INSERT, COMMIT), on `--connections` connections at once for
 * `--seconds` each. Three shapes, alternated round by round so a disturbed machine weighs on
 * each alike:
 *
 * - sequential: each statement waits for the answer of the one before (8 round trips), as a
 *   call made without pipelining;
 * - grouped: `pipeline: true`, statements sent in the groups a vault deposit now makes
 *   (BEGIN with the lock and a read; the postings together; the reads; the last write; COMMIT);
 * - pipelined: `pipeline: true`, all 8 sent at once (one round trip): the least a
 *   transaction of 8 statements can cost.
 *
 * Besides transactions per second it gives the CPU each transaction cost, in this process and
 * in the connections' PostgreSQL backends (read from /proc: PostgreSQL on this machine), which
 * a machine shared with other work disturbs less.
 *
 * With `--async-commit` every connection sets `synchronous_commit = off`: COMMIT no longer waits
 * for the WAL flush, which shows how much of the floor is the disk rather than round trips
 * (a diagnosis only: the server never runs so).
 *
 *   node bench/pg-floor.ts [--url postgres://...] [--connections 10] [--seconds 8] [--rounds 2] [--async-commit]
 */
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { cpuSeconds } from './lib/procs.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://arena:arena@127.0.0.1:5432/arena' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    'async-commit': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const TABLE = 'bench_pg_floor';
const ENTRIES = 'bench_pg_floor_entries';

/** One transaction's statements, as groups sent together (each group one round trip). */
type Shape = (row: number) => { text: string; values?: unknown[]; name?: string }[][];

const statements = (row: number) => [
  { text: 'BEGIN' },
  { name: 'f_lock', text: `SELECT balance FROM ${TABLE} WHERE id = $1 FOR NO KEY UPDATE`, values: [row] },
  { name: 'f_debit', text: `UPDATE ${TABLE} SET balance = balance - 1 WHERE id = $1 RETURNING balance`, values: [row] },
  { name: 'f_credit', text: `UPDATE ${TABLE} SET vault = vault + 1 WHERE id = $1 RETURNING vault`, values: [row] },
  { name: 'f_entry', text: `INSERT INTO ${ENTRIES} (account, amount, created_at) VALUES ($1, 1, $2) RETURNING id`, values: [row, Date.now()] },
  { name: 'f_read', text: `SELECT balance, vault FROM ${TABLE} WHERE id = $1`, values: [row] },
  { name: 'f_stamp', text: `INSERT INTO ${ENTRIES} (account, amount, created_at) VALUES ($1, 0, $2)`, values: [row, Date.now()] },
  { text: 'COMMIT' },
];

const SHAPES: Record<string, { pipeline: boolean; shape: Shape }> = {
  sequential: { pipeline: false, shape: (row) => statements(row).map((s) => [s]) },
  grouped: {
    pipeline: true,
    shape: (row) => {
      const s = statements(row);
      return [[s[0]!, s[1]!], [s[2]!, s[3]!, s[4]!], [s[5]!], [s[6]!], [s[7]!]];
    },
  },
  pipelined: { pipeline: true, shape: (row) => [statements(row)] },
};

const cpuOf = (pid: number): number => cpuSeconds(pid) ?? 0;

interface Measured {
  txPerSecond: number;
  p99Ms: number;
  /** CPU microseconds per transaction: this client's process, and the connections' PostgreSQL backends. */
  clientUs: number;
  serverUs: number;
}

async function measure(name: string): Promise<Measured> {
  const { pipeline, shape } = SHAPES[name]!;
  const clients = await Promise.all(Array.from({ length: connections }, async () => {
    const c = new Client({ connectionString: values.url, pipeline });
    await c.connect();
    if (values['async-commit']) await c.query('SET synchronous_commit = off');
    return c;
  }));
  // Each connection's backend (PostgreSQL on this machine): its CPU is counted too, which a
  // machine shared with other work leaves steadier than transactions per second.
  const backends = await Promise.all(clients.map(async (c) => Number((await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid)));
  const latencies: number[] = [];
  let done = 0;
  const serverBefore = backends.reduce((sum, pid) => sum + cpuOf(pid), 0);
  const clientBefore = process.cpuUsage();
  const until = Date.now() + seconds * 1000;
  await Promise.all(clients.map(async (c, i) => {
    while (Date.now() < until) {
      const started = performance.now();
      for (const group of shape(i + 1)) await Promise.all(group.map((q) => c.query(q)));
      latencies.push(performance.now() - started);
      done++;
    }
  }));
  const client = process.cpuUsage(clientBefore);
  const server = backends.reduce((sum, pid) => sum + cpuOf(pid), 0) - serverBefore;
  await Promise.all(clients.map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  return {
    txPerSecond: done / seconds, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    clientUs: (client.user + client.system) / done, serverUs: (server * 1e6) / done,
  };
}

const admin = new Client({ connectionString: values.url });
await admin.connect();
await admin.query(`DROP TABLE IF EXISTS ${TABLE}, ${ENTRIES}`);
await admin.query(`CREATE TABLE ${TABLE} (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL, vault BIGINT NOT NULL)`);
await admin.query(`CREATE TABLE ${ENTRIES} (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, account BIGINT NOT NULL, amount BIGINT NOT NULL, created_at BIGINT NOT NULL)`);
await admin.query(`INSERT INTO ${TABLE} SELECT g, 1000000000, 0 FROM generate_series(1, ${connections}) g`);
try {
  const results: Record<string, Measured[]> = { sequential: [], grouped: [], pipelined: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['sequential', 'grouped', 'pipelined'] : ['pipelined', 'grouped', 'sequential'];
    for (const name of order) {
      const m = await measure(name);
      results[name]!.push(m);
      console.log(`round ${r + 1} ${name.padEnd(10)} ${m.txPerSecond.toFixed(0).padStart(6)} tx/s  p99 ${m.p99Ms.toFixed(1)} ms  CPU per transaction: client ${m.clientUs.toFixed(0)} µs, PostgreSQL ${m.serverUs.toFixed(0)} µs`);
    }
  }
  for (const [name, ms] of Object.entries(results)) {
    const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`${name.padEnd(10)} best ${Math.max(...ms.map((m) => m.txPerSecond)).toFixed(0)} tx/s (${ms.map((m) => m.txPerSecond.toFixed(0)).join(', ')}); CPU per transaction (median): client ${median(ms.map((m) => m.clientUs)).toFixed(0)} µs, PostgreSQL ${median(ms.map((m) => m.serverUs)).toFixed(0)} µs`);
  }
} finally {
  await admin.query(`DROP TABLE IF EXISTS ${TABLE}, ${ENTRIES}`);
  await admin.end();
}
