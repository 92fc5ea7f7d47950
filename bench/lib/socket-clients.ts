/**
 * The client side of the socket benchmark, run as its own process on the CPU the server
 * does not use. Signs in one player, opens sockets that each authenticate with their own
 * connect token and join the public CHAT room, reads the server's RSS before and after, then
 * per round has a fresh player post one chat.send (a fresh one each round, so the send delay
 * and the flood guard never refuse it) and times, per socket, from just before the HTTP call
 * to the receipt of MSG_CREATED.
 *
 * argv[2]: JSON SocketPlan. Prints `RESULT <json>` last.
 */
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { errorCodeOf, rpc, signIn } from './http.ts';
import { mainThreadCpuMs, rssKiB, sleep } from './procs.ts';

/** What to run. */
export interface SocketPlan {
  port: number;
  serverPid: number;
  /** Totals to reach in turn, e.g. [1000, 5000]: sockets are added, never reopened. */
  counts: number[];
  /** Measured publishes per count, after one warm-up publish. */
  rounds: number;
  /** Sockets being opened at once. */
  parallel: number;
  /**
   * Instead of fan-out rounds: `senders` players post chat.send as fast as the send delay
   * and flood guard let each (one every 4.2 s) for `seconds`, to counts[0] listening sockets.
   */
  sustain?: { senders: number; seconds: number };
  /**
   * Several processes (bench/cluster.ts): sockets are spread over these ports in turn, each
   * signed in on its own process; the chat.send goes to the first. Default: [port].
   */
  ports?: number[];
  /**
   * The server's log, when it runs with --inspect: before each RSS reading the clients ask its
   * inspector for full garbage collections (HeapProfiler.collectGarbage), so the figure is what
   * the idle sockets hold, not garbage of the handshakes that no collection has reached yet.
   */
  inspectLog?: string;
  /**
   * The floor (bench/lib/bare-fanout-server.ts): sockets send a dummy token (the bare server
   * answers the auth and the join without reading them), and each round is GET /fire instead
   * of a chat.send; nothing is signed in.
   */
  bare?: boolean;
}

/** The bare server's own account of one /fire: its write loop's wall time and CPU split. */
export interface BareLoop {
  sockets: number;
  frameBytes: number;
  loopMs: number;
  userMs: number;
  systemMs: number;
}

/** The sustained chat.send phase's figures. */
export interface SustainResult {
  clients: number;
  senders: number;
  seconds: number;
  offered: number;
  accepted: number;
  /** Refusals by error code (the flood guard, the send delay...). */
  refused: Record<string, number>;
  acceptedPerSecond: number;
  /** Delivery latency from just before each accepted message's HTTP call to each socket's receipt, ms. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** HTTP answer time of chat.send, p50 and p99, ms. */
  httpP50Ms: number;
  httpP99Ms: number;
  /** Deliveries of accepted messages that never arrived. */
  missing: number;
}

/** One count's figures. */
export interface FanoutResult {
  clients: number;
  /** Server RSS growth per open idle socket, bytes (from the RSS before the first socket). */
  rssPerConnectionBytes: number;
  /** RSS growth per socket added since the previous count, bytes (fixed costs left out). */
  rssMarginalBytes: number | null;
  rssBeforeKiB: number;
  rssAfterKiB: number;
  /** Whether the server was collected (full GC through its inspector) before each reading. */
  collected: boolean;
  secondsToConnect: number;
  /** Delivery latency over every socket of every measured round, ms. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Each measured round's own p99, ms, in order (the pooled p99 above follows the slowest rounds). */
  roundP99Ms: number[];
  /** Time until the money call's HTTP answer, median over rounds, ms. */
  httpAnswerMs: number;
  /**
   * The server's main-thread CPU time from just before the trigger to the last receipt, mean
   * over the measured rounds, ms: unlike the latencies, other processes on its CPU barely move it.
   */
  serverCpuMs: number;
  /** Deliveries that did not arrive within the round's timeout. */
  missing: number;
  /** The trigger's error code when the money call did not answer `{response}`. */
  triggerError: string | null;
  /** Payload bytes of the MSG_CREATED frame received (the bare floor sends this many). */
  frameBytes: number;
  /** With `bare`: the server's account of each measured round's loop. */
  bareLoops?: BareLoop[];
}

const EVENT = Buffer.from('"MSG_CREATED"');
const SUSTAIN_MARK = Buffer.from('"text":"sustain ');
const CHAT_JOINED = '"room":"CHAT"';
const ROUND_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 20_000;
const WARM_SOCKETS = 32;

const plan = JSON.parse(process.argv[2] ?? '{}') as SocketPlan;
const bases = (plan.ports ?? [plan.port]).map((port) => `http://127.0.0.1:${port}`);
const base = bases[0]!;
const sockets: WebSocket[] = [];

/** Per round: when the trigger started, and each socket's receipt time. */
let roundStart = 0;
let receipts = new Float64Array(0);
let received = 0;
let frameBytes = 0;
let onAllReceived: (() => void) | null = null;

/** The sustained phase: each message's send time by id, and every delivery's latency. */
let sustaining = false;
let sentAtOf = new Float64Array(0);
const deliveries: number[] = [];

function open(index: number, accessTokens: string[]): Promise<void> {
  return (async () => {
    const lane = index % bases.length;
    // The bare server takes any token and answers the auth and the join as the sim-server does.
    let token = 'bare';
    if (!plan.bare) {
      const answer = await rpc(bases[lane]!, accessTokens[lane]!, 'connect.getSocketServer');
      if (!('response' in answer)) throw new Error(`connect.getSocketServer answered ${errorCodeOf(answer)}`);
      token = (answer.response as { connect_token: string }).connect_token;
    }
    const ws = new WebSocket(`${bases[lane]!.replace('http', 'ws')}/ws`, { perMessageDeflate: false });
    sockets.push(ws);
    await new Promise<void>((done, failed) => {
      const timer = setTimeout(() => failed(new Error(`socket ${index} did not join its room in time`)), CONNECT_TIMEOUT_MS);
      ws.once('error', (error) => {
        clearTimeout(timer);
        failed(error);
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', data: { token } })));
      ws.on('message', (data: Buffer) => {
        if (sustaining) {
          const now = performance.now();
          const at = data.indexOf(SUSTAIN_MARK);
          if (at !== -1) {
            let id = 0;
            for (let i = at + SUSTAIN_MARK.length; i < data.length && data[i]! >= 48 && data[i]! <= 57; i++) id = id * 10 + data[i]! - 48;
            const sentAt = sentAtOf[id];
            if (sentAt !== undefined && sentAt > 0) deliveries.push(now - sentAt);
          }
          return;
        }
        if (roundStart !== 0) {
          // The clock is read first, before anything else this socket does with the frame.
          const now = performance.now();
          if (data.indexOf(EVENT) !== -1 && receipts[index] === 0) {
            receipts[index] = now - roundStart;
            frameBytes = data.length;
            received += 1;
            if (received === sockets.length) onAllReceived?.();
          }
          return;
        }
        const text = data.toString();
        if (text.includes('"CONNECT_TOKEN_ERROR"')) {
          clearTimeout(timer);
          failed(new Error(`socket ${index}: ${text}`));
        } else if (text.includes('"ROOM_JOINED"') && text.includes(CHAT_JOINED)) {
          clearTimeout(timer);
          done();
        } else if (text.includes('"AUTHED"')) {
          ws.send(JSON.stringify({ type: 'join-room', data: { room: 'CHAT' } }));
        }
      });
    });
  })();
}

async function openMany(from: number, to: number, accessTokens: string[]): Promise<void> {
  let next = from;
  const lane = async () => {
    while (next < to) await open(next++, accessTokens);
  };
  await Promise.all(Array.from({ length: Math.min(plan.parallel, to - from) }, lane));
}

/**
 * One publish: `trigger` makes the server send (and answers its error code, or null); answers
 * the per-socket latencies (0 for a socket that got nothing).
 */
async function round(trigger: () => Promise<string | null>): Promise<{ latencies: Float64Array; httpMs: number; cpuMs: number; error: string | null }> {
  receipts = new Float64Array(sockets.length);
  received = 0;
  const all = new Promise<void>((done) => {
    onAllReceived = done;
  });
  const cpuBefore = mainThreadCpuMs(plan.serverPid) ?? Number.NaN;
  roundStart = performance.now();
  const error = await trigger();
  const httpMs = performance.now() - roundStart;
  if (error === null) await Promise.race([all, sleep(ROUND_TIMEOUT_MS)]);
  const cpuMs = (mainThreadCpuMs(plan.serverPid) ?? Number.NaN) - cpuBefore;
  roundStart = 0;
  onAllReceived = null;
  return { latencies: receipts, httpMs, cpuMs, error };
}

/** Full GCs in the server through its inspector, then a moment for the freed pages to go; false without one. */
async function collectServerGarbage(): Promise<boolean> {
  if (!plan.inspectLog) return false;
  const url = /ws:\/\/[\w.:]+\/[\w-]+/.exec(readFileSync(plan.inspectLog, 'utf8'))?.[0];
  if (!url) throw new Error('the server printed no inspector address');
  const inspector = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((done, failed) => {
    inspector.once('open', () => done());
    inspector.once('error', failed);
  });
  let id = 0;
  const call = (method: string) =>
    new Promise<void>((done) => {
      const mine = ++id;
      const onMessage = (data: Buffer) => {
        if ((JSON.parse(String(data)) as { id?: number }).id !== mine) return;
        inspector.off('message', onMessage);
        done();
      };
      inspector.on('message', onMessage);
      inspector.send(JSON.stringify({ id: mine, method }));
    });
  // Twice: objects a first collection's finalizers release are reached by the second.
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  inspector.close();
  await sleep(500);
  return true;
}

const percentile = (sorted: Float64Array, p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN);

let sent = 0;
const chatSend = (senderToken: string) => async () => errorCodeOf(await rpc(base, senderToken, 'chat.send', { text: `fan-out round ${sent++}` }));
const bareLoops: BareLoop[] = [];
async function fire(): Promise<string | null> {
  const answer = await fetch(`${base}/fire`, { signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) return `HTTP ${answer.status}`;
  bareLoops.push((await answer.json()) as BareLoop);
  return null;
}
const accessTokens: string[] = [];
if (!plan.bare) for (const each of bases) accessTokens.push(await signIn(each, 'benchSocket', 'bench-password'));
const accessToken = accessTokens[0]!;

/** Opens counts[0] sockets, then posts from many players at the pace each is allowed. */
async function sustain({ senders: senderCount, seconds }: { senders: number; seconds: number }): Promise<SustainResult> {
  const spacingMs = 4_200;
  const senders: string[] = [];
  for (let i = 0; i < senderCount; i += 8) {
    senders.push(...(await Promise.all(Array.from({ length: Math.min(8, senderCount - i) }, (_, j) => signIn(base, `benchSustain${i + j}`, 'bench-password')))));
  }
  const clients = plan.counts[0]!;
  await openMany(0, clients, accessTokens);
  await sleep(1000);
  // Each player has one message in flight at most, as a chat client does, and sends again
  // 4.2 s after the last one started (or at once when its answer took longer): a slow server
  // gets fewer messages, not an unbounded queue. The players start spread over 4.2 s.
  sentAtOf = new Float64Array(Math.ceil(((seconds * 1000) / spacingMs + 2) * senderCount));
  sustaining = true;
  const refused: Record<string, number> = {};
  const http: number[] = [];
  let accepted = 0;
  let offered = 0;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(
    senders.map(async (sender, i) => {
      await sleep((i * spacingMs) / senderCount);
      while (performance.now() < endAt && offered < sentAtOf.length) {
        const k = offered++;
        const t0 = performance.now();
        sentAtOf[k] = t0;
        const answer = await rpc(base, sender, 'chat.send', { text: `sustain ${k}` }).catch(() => ({ error: 'TIMEOUT' }) as const);
        http.push(performance.now() - t0);
        const code = errorCodeOf(answer);
        if (code === null) accepted += 1;
        else refused[code] = (refused[code] ?? 0) + 1;
        const wait = t0 + spacingMs - performance.now();
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // Let the last deliveries land.
  for (let i = 0; i < 50 && deliveries.length < accepted * clients; i++) await sleep(100);
  sustaining = false;
  const sorted = Float64Array.from(deliveries).sort();
  const httpSorted = Float64Array.from(http).sort();
  return {
    clients, senders: senderCount, seconds: elapsed, offered, accepted, refused,
    acceptedPerSecond: accepted / elapsed,
    p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    httpP50Ms: percentile(httpSorted, 50), httpP99Ms: percentile(httpSorted, 99),
    missing: Math.max(0, accepted * clients - deliveries.length),
  };
}

if (plan.sustain) {
  const result = await sustain(plan.sustain);
  for (const ws of sockets) ws.terminate();
  console.log(`RESULT ${JSON.stringify(result)}`);
  // stdout is a pipe (asynchronous): let it drain before leaving.
  await new Promise<void>((done) => process.stdout.write('', () => done()));
  process.exit(0);
}

// One sender per round (warm-up included), signed in before the baseline.
const senders: string[] = [];
const nextTrigger = () => (plan.bare ? fire : chatSend(senders.shift() ?? accessToken));
if (!plan.bare) {
  for (let i = 0; i < plan.counts.length * (plan.rounds + 1); i++) senders.push(await signIn(base, `benchSender${i}`, 'bench-password'));
  // The first calls of a fresh server compile code paths: let them happen before the baseline.
  for (let i = 0; i < 20; i++) await rpc(base, accessToken, 'connect.getSocketServer');
  // So does the first socket (the upgrade, the auth and the room join): a few open and close
  // before the baseline, so the per-socket figure is what sockets hold, not code compiled once.
  await openMany(0, WARM_SOCKETS, accessTokens);
  for (const ws of sockets.splice(0)) ws.terminate();
  await sleep(500);
}
const collected = await collectServerGarbage();
const rssBeforeKiB = rssKiB(plan.serverPid) ?? Number.NaN;
const results: FanoutResult[] = [];
let previous: { count: number; rssKiB: number } | null = null;

for (const count of plan.counts) {
  const started = performance.now();
  await openMany(sockets.length, count, accessTokens);
  const secondsToConnect = (performance.now() - started) / 1000;
  await sleep(1500);
  await collectServerGarbage();
  const rssAfterKiB = rssKiB(plan.serverPid) ?? Number.NaN;

  await round(nextTrigger());
  bareLoops.length = 0;
  const measured: Float64Array[] = [];
  const httpTimes: number[] = [];
  let cpuMs = 0;
  let triggerError: string | null = null;
  for (let r = 0; r < plan.rounds && triggerError === null; r++) {
    await sleep(200);
    const { latencies, httpMs, cpuMs: roundCpuMs, error } = await round(nextTrigger());
    cpuMs += roundCpuMs;
    triggerError = error;
    measured.push(latencies);
    httpTimes.push(httpMs);
  }
  const delivered = measured.flatMap((l) => [...l].filter((v) => v > 0));
  const missing = measured.reduce((n, l) => n + l.length, 0) - delivered.length;
  const sorted = Float64Array.from(delivered).sort();
  httpTimes.sort((a, b) => a - b);
  results.push({
    clients: count,
    rssPerConnectionBytes: ((rssAfterKiB - rssBeforeKiB) * 1024) / count,
    rssMarginalBytes: previous ? ((rssAfterKiB - previous.rssKiB) * 1024) / (count - previous.count) : null,
    rssBeforeKiB,
    rssAfterKiB,
    collected,
    secondsToConnect,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    roundP99Ms: measured.map((latencies) => percentile(Float64Array.from(latencies.filter((v) => v > 0)).sort(), 99)),
    httpAnswerMs: httpTimes[Math.floor(httpTimes.length / 2)] ?? Number.NaN,
    serverCpuMs: cpuMs / measured.length,
    missing: triggerError === null ? missing : 0,
    triggerError,
    frameBytes,
    ...(plan.bare ? { bareLoops: bareLoops.splice(0) } : {}),
  });
  previous = { count, rssKiB: rssAfterKiB };
}

for (const ws of sockets) ws.terminate();
console.log(`RESULT ${JSON.stringify(results)}`);
