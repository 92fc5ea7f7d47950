/**
 * Fan-out through Redis (issue 19): two sim-server processes sharing one Redis (REDIS_URL),
 * N sockets spread over both in turn, one chat.send on process A; per socket the time from just
 * before the HTTP call to the receipt of MSG_CREATED, whichever process it is on. The same
 * client as the one-process socket row (bench/lib/socket-clients.ts), so the two compare.
 *
 * The processes share DATABASE_URL when it is set (PostgreSQL); otherwise each keeps its own
 * embedded database: the fan-out path (chat room events) crosses processes through Redis alone,
 * and each socket signs in on the process it connects to. Without REDIS_URL the row says n/a.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { LOAD_CPU, SERVER_CPU } from './rpc.ts';
import type { FanoutResult, SocketPlan } from './lib/socket-clients.ts';
import { errorSummary, makeTempDir, removeTempDir, runNode, startSimServer, type Server } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

export interface ClusterOptions {
  count: number;
  rounds: number;
}

const P99_TARGET_MS = 100;

/** Runs the two-process fan-out. */
export async function clusterBench(options: ClusterOptions): Promise<Section> {
  const redisUrl = process.env.REDIS_URL;
  const label = `Redis fan-out, 2 processes, N=${fmt(options.count)}`;
  if (!redisUrl) {
    return {
      rows: [{ benchmark: `${label} p99`, figure: 'n/a', value: null, unit: 'ms', target: `< ${P99_TARGET_MS} ms`, verdict: 'n/a: set REDIS_URL (scripts/redis-local.sh starts one)' }],
      notes: [],
      details: {},
      fatal: false,
    };
  }
  const dir = makeTempDir('cluster');
  const servers: Server[] = [];
  try {
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}:`, JWT_SECRET: randomBytes(32).toString('hex'), ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) };
    // A on the server CPU, B on the other one with the clients: two cores for three processes.
    servers.push(await startSimServer(dir, SERVER_CPU, { name: 'sim-a', dataDir: join(dir, 'a'), env }));
    servers.push(await startSimServer(dir, LOAD_CPU, { name: 'sim-b', dataDir: join(dir, 'b'), env }));
    const plan: SocketPlan = { port: servers[0]!.port, ports: servers.map((s) => s.port), serverPid: servers[0]!.pid, counts: [options.count], rounds: options.rounds, parallel: 32 };
    const { code, stdout, stderr } = await runNode({ args: ['bench/lib/socket-clients.ts', JSON.stringify(plan)], cpu: LOAD_CPU, timeoutMs: 180_000 });
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (code !== 0 || !line) throw new Error(`socket clients failed (exit ${code}): ${errorSummary(stderr)}`);
    const [r] = JSON.parse(line.slice('RESULT '.length)) as FanoutResult[];
    const rows: Row[] = [];
    if (r!.triggerError !== null) {
      rows.push({ benchmark: `${label} p99`, figure: 'no trigger', value: null, unit: 'ms', target: `< ${P99_TARGET_MS} ms`, verdict: `n/a: chat.send answered ${r!.triggerError}` });
    } else {
      rows.push({ benchmark: `${label} p50`, figure: r!.p50Ms.toFixed(1), value: r!.p50Ms, unit: 'ms', target: '', verdict: r!.missing ? `${fmt(r!.missing)} not delivered` : '' });
      rows.push({
        benchmark: `${label} p99`, figure: r!.p99Ms.toFixed(1), value: r!.p99Ms, unit: 'ms', target: `< ${P99_TARGET_MS} ms`,
        verdict: `${judge(r!.p99Ms < P99_TARGET_MS && r!.missing === 0)}${r!.missing ? `; ${fmt(r!.missing)} not delivered` : ''}`,
      });
    }
    const notes = [
      `Cluster: two sim-server processes (CPU ${SERVER_CPU} and ${LOAD_CPU}) sharing Redis ${process.env.DATABASE_URL ? 'and DATABASE_URL' : '(each its own embedded database: the fan-out path does not touch it)'}; ${fmt(options.count)} sockets joined to the CHAT room, every other one on each process; per round one chat.send on process A, its MSG_CREATED numbered in Redis and pushed by both processes; ${options.rounds} measured rounds after 1 warm-up; the clients (ws) share CPU ${LOAD_CPU} with process B. Delivery p50 ${r!.p50Ms.toFixed(1)} / p99 ${r!.p99Ms.toFixed(1)} / max ${r!.maxMs.toFixed(1)} ms; chat.send answered after ${r!.httpAnswerMs.toFixed(1)} ms (median); connected in ${r!.secondsToConnect.toFixed(1)} s`,
    ];
    return { rows, notes, details: { options, result: r }, fatal: r!.missing > 0 };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    removeTempDir(dir);
  }
}
