/**
 * The simulated world's cost (issue 30, docs/decisions/0051), measured on a real sim-server
 * process pinned to one CPU:
 *   - 100 simulated players at activity 1: the server's CPU as a share of one core, beside the
 *     same server idle (no population) over the same time, and its memory;
 *   - a busy arena, 2,000 players at activity 10: a real player's read and money calls, p99
 *     latency beside the same calls on an idle server (target within 2x).
 * The population's pace also follows the hour of the day (UTC): the note gives the rhythm at
 * the time of the run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from './lib/http.ts';
import { cpuSeconds, makeTempDir, removeTempDir, rssKiB, sleep, startSimServer, type Server } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';
import { measureQuietly, SERVER_CPU, type RpcOptions } from './rpc.ts';
import { rhythmAt } from '../sim-server/population/index.ts';

export interface WorldOptions {
  /** Seconds the CPU of each server is measured over. */
  seconds: number;
  busy: { players: number; activity: number };
  rpc: RpcOptions;
}

const CPU_TARGET_PERCENT = 5;
const LATENCY_TARGET = 2;
const READ = 'wallet.getPaymentMethods?currencies=SFC';
const MONEY = 'wallet-vault.deposit?amount=1';

/** The server's CPU over `seconds`, percent of one core, after a warm-up of `warmS`. */
async function cpuPercent(server: Server, warmS: number, seconds: number): Promise<number> {
  await sleep(warmS * 1000);
  const start = cpuSeconds(server.pid) ?? Number.NaN;
  const t0 = performance.now();
  await sleep(seconds * 1000);
  return (((cpuSeconds(server.pid) ?? Number.NaN) - start) / ((performance.now() - t0) / 1000)) * 100;
}

async function population(server: Server, key: string): Promise<{ size: number; actions: number; refused: number; online: number }> {
  const answer = await fetch(`http://127.0.0.1:${server.port}/api/sim/world/population`, { headers: { 'x-sim-key': key } });
  return ((await answer.json()) as { response: { size: number; actions: number; refused: number; online: number } }).response;
}

const operatorKey = (dataDir: string) => readFileSync(join(dataDir, 'sim-operator.key'), 'utf8').trim();

/** A real player's read and money p99 on a server. */
async function playerLatency(server: Server, options: RpcOptions, prefix: string): Promise<{ read: number; money: number }> {
  const base = `http://127.0.0.1:${server.port}`;
  const tokens: string[] = [];
  for (let i = 0; i < options.users; i++) tokens.push(await signIn(base, `${prefix}${i}`, 'bench-password'));
  const read = await measureQuietly(server, READ, tokens, options);
  const money = await measureQuietly(server, MONEY, tokens, options);
  return { read: read.best.latencyP99Ms, money: money.best.latencyP99Ms };
}

export async function worldBench(options: WorldOptions): Promise<Section> {
  const dir = makeTempDir('world');
  const notes: string[] = [];
  const rows: Row[] = [];
  try {
    // 1. The cost of 100 players at the default activity, beside an idle server.
    const idle = await startSimServer(dir, SERVER_CPU, { name: 'world-idle', dataDir: join(dir, 'idle'), env: { NODE_ENV: 'production' } });
    let idleCpu: number;
    try {
      idleCpu = await cpuPercent(idle, 3, options.seconds);
    } finally {
      await idle.stop();
    }
    const hundredDir = join(dir, 'hundred');
    const hundred = await startSimServer(dir, SERVER_CPU, { name: 'world-100', dataDir: hundredDir, env: { NODE_ENV: 'production', SIM_POPULATION: '100', SIM_ACTIVITY: '1' } });
    let worldCpu: number;
    let rss: number | null;
    let status: Awaited<ReturnType<typeof population>>;
    try {
      worldCpu = await cpuPercent(hundred, 10, options.seconds);
      rss = rssKiB(hundred.pid);
      status = await population(hundred, operatorKey(hundredDir));
    } finally {
      await hundred.stop();
    }
    const cost = worldCpu - idleCpu;
    rows.push({
      benchmark: 'World: 100 simulated players, activity 1, server CPU', figure: cost.toFixed(1), value: cost, unit: '% of a core',
      target: `< ${CPU_TARGET_PERCENT}%`, verdict: `${(cost / CPU_TARGET_PERCENT).toFixed(2)} ${judge(cost < CPU_TARGET_PERCENT)}`,
    });
    rows.push({ benchmark: 'World: 100 simulated players, server RSS', figure: fmt((rss ?? 0) / 1024), value: rss, unit: 'MiB', target: '', verdict: 'info' });
    notes.push(
      `World cost: a sim-server (pinned to CPU ${SERVER_CPU}, NODE_ENV=production) with SIM_POPULATION=100 at activity 1, measured ${options.seconds} s after a 10 s warm-up: ${worldCpu.toFixed(1)}% of a core, less the same server idle over the same time (${idleCpu.toFixed(1)}%); ${fmt(status.actions)} turns taken (${fmt(status.refused)} refused by the rules), ${status.online} online; the day's rhythm at this hour ${rhythmAt(Date.now()).toFixed(2)} (1 at 16:00 UTC).`,
    );

    // 2. A busy arena: a real player's calls beside the same calls on an idle server.
    const quiet = await startSimServer(dir, SERVER_CPU, { name: 'world-quiet', dataDir: join(dir, 'quiet'), env: { NODE_ENV: 'production' } });
    let idleLatency: { read: number; money: number };
    try {
      idleLatency = await playerLatency(quiet, options.rpc, 'worldQuiet');
    } finally {
      await quiet.stop();
    }
    const busyDir = join(dir, 'busy');
    const busy = await startSimServer(dir, SERVER_CPU, {
      name: 'world-busy', dataDir: busyDir,
      env: { NODE_ENV: 'production', SIM_POPULATION: String(options.busy.players), SIM_ACTIVITY: String(options.busy.activity) },
    });
    let busyLatency: { read: number; money: number };
    let busyStatus: Awaited<ReturnType<typeof population>>;
    try {
      await sleep(5_000);
      busyLatency = await playerLatency(busy, options.rpc, 'worldBusy');
      busyStatus = await population(busy, operatorKey(busyDir));
    } finally {
      await busy.stop();
    }
    for (const kind of ['read', 'money'] as const) {
      const ratio = busyLatency[kind] / Math.max(0.1, idleLatency[kind]);
      rows.push({
        benchmark: `World: busy arena (${fmt(options.busy.players)} players, activity ${options.busy.activity}), a player's ${kind} p99`, figure: busyLatency[kind].toFixed(1), value: busyLatency[kind], unit: 'ms',
        target: `<= ${LATENCY_TARGET} x idle (${idleLatency[kind].toFixed(1)} ms)`, verdict: `${ratio.toFixed(2)} ${judge(ratio <= LATENCY_TARGET)}`,
      });
    }
    notes.push(
      `World busy: ${fmt(options.busy.players)} simulated players at activity ${options.busy.activity} on a server pinned to CPU ${SERVER_CPU}; ${options.rpc.connections} connections of ${options.rpc.users} real players call ${READ} then ${MONEY} for ${options.rpc.durationS} s each (after ${options.rpc.warmupS} s warm-up), beside the same on an idle server; ${fmt(busyStatus.actions)} turns taken meanwhile (${fmt(busyStatus.refused)} refused), ${busyStatus.online} simulated players online.`,
    );
    return { rows, notes, details: { idleCpu, worldCpu, idleLatency, busyLatency, status, busyStatus }, fatal: false };
  } finally {
    removeTempDir(dir);
  }
}
