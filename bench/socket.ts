/**
 * Socket fan-out: one chat message (chat.send) pushes MSG_CREATED to every socket in the CHAT
 * room, N signed-in sockets; delivery p50/p99 and server RSS per idle socket, at 1,000 and
 * then 5,000 sockets. The hub serialises the frame once per publish. The server runs untouched (nothing added for the
 * benchmark), pinned to one CPU; the clients run in their own process on the other. Beside it, the
 * floor: the same clients against a bare server that only writes a same-sized frame to every
 * socket (bench/lib/bare-fanout-server.ts), so the table shows what the machine allows.
 */
import { LOAD_CPU, SERVER_CPU } from './rpc.ts';
import type { FanoutResult, SocketPlan, SustainResult } from './lib/socket-clients.ts';
import { errorSummary, makeTempDir, removeTempDir, runNode, startServer, startSimServer } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

export interface SocketOptions {
  counts: number[];
  rounds: number;
  /** The sustained chat.send phase: listeners, senders and how long (its own server). */
  sustain: { clients: number; senders: number; seconds: number };
}

/** Fan-out p99 at the largest count, at most this many times the bare write loop's p99 measured in the same run. */
const FLOOR_RATIO = 1.1;
const RSS_TARGET_BYTES = 8 * 1024;

/** Runs bench/lib/socket-clients.ts on the load CPU and answers its RESULT. */
async function runClients<T>(plan: SocketPlan, what: string): Promise<T> {
  const { code, stdout, stderr } = await runNode({ args: ['bench/lib/socket-clients.ts', JSON.stringify(plan)], cpu: LOAD_CPU, timeoutMs: 180_000 });
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`${what} clients failed (exit ${code}): ${errorSummary(stderr)}`);
  return JSON.parse(line.slice('RESULT '.length)) as T;
}

/** Each measured round's p99, in order. */
const roundsText = (r: FanoutResult) => r.roundP99Ms.map((ms) => ms.toFixed(1)).join(', ');

/** Runs the fan-out at each count, then the bare floor at the same counts (its row: the largest). */
export async function socketBench(options: SocketOptions): Promise<Section> {
  const dir = makeTempDir('socket');
  try {
    // The inspector (a thread of its own, idle but for the two collections asked before each
    // RSS reading) lets the clients measure what idle sockets hold after a full GC.
    const server = await startSimServer(dir, SERVER_CPU, { nodeArgs: ['--inspect=127.0.0.1:0'] });
    let results: FanoutResult[];
    try {
      results = await runClients<FanoutResult[]>({ port: server.port, serverPid: server.pid, counts: options.counts, rounds: options.rounds, parallel: 32, inspectLog: server.logFile }, 'socket');
    } finally {
      await server.stop();
    }

    // The floor: the same clients against a server that does nothing but write the same-sized
    // frame to every socket (bench/lib/bare-fanout-server.ts), on the same CPU.
    const largest = results.at(-1)!;
    const bare = await startServer({ name: 'bare-fanout-server', args: ['bench/lib/bare-fanout-server.ts'], env: { FRAME_BYTES: String(largest.frameBytes) }, cpu: SERVER_CPU, logDir: dir });
    let floor: FanoutResult;
    try {
      // Every count, as above, so the client process has done the same work before the largest.
      floor = (await runClients<FanoutResult[]>({ port: bare.port, serverPid: bare.pid, counts: options.counts, rounds: options.rounds, parallel: 32, bare: true }, 'bare floor')).at(-1)!;
    } finally {
      await bare.stop();
    }

    // The sustained rate runs on a server of its own, so its messages and senders do not
    // weigh on the idle-memory figures above.
    const sustainServer = await startSimServer(dir, SERVER_CPU, { name: 'sim-server-sustain', dataDir: `${dir}/sustain-data` });
    let sustained: SustainResult;
    try {
      const plan: SocketPlan = { port: sustainServer.port, serverPid: sustainServer.pid, counts: [options.sustain.clients], rounds: 0, parallel: 32, sustain: { senders: options.sustain.senders, seconds: options.sustain.seconds } };
      sustained = await runClients<SustainResult>(plan, 'sustained chat.send');
    } finally {
      await sustainServer.stop();
    }

    const rows: Row[] = [];
    const notes = [
      `Socket: sockets of one signed-in player (each its own connect token) joined to the CHAT room; per round a fresh player's chat.send makes the server push MSG_CREATED to all of them (one JSON frame built once); latency from just before the HTTP call to each socket's receipt, ${options.rounds} measured rounds after 1 warm-up, pooled; clients (ws) in their own process on CPU ${LOAD_CPU}, server on CPU ${SERVER_CPU}; RSS = server VmRSS after the sockets sat idle 1.5 s minus before the first socket, divided by N, both read after two full garbage collections asked through the server's inspector (--inspect, idle otherwise) and after 32 sockets opened and closed before the baseline (code compiled once for the first socket is not a per-socket cost); kernel socket buffers are not in VmRSS`,
    ];
    for (const r of results) {
      const n = fmt(r.clients);
      if (r.triggerError !== null) {
        rows.push({ benchmark: `Socket fan-out N=${n}`, figure: 'no trigger', value: null, unit: 'ms p99', target: '', verdict: `n/a: chat.send answered ${r.triggerError}` });
      } else {
        // The target is relative (the 50 ms bound was retired after the floors were measured): at
        // the largest count, p99 within FLOOR_RATIO of the bare write loop's p99 in the same run.
        const gated = r === largest;
        const ratio = r.p99Ms / floor.p99Ms;
        rows.push({ benchmark: `Socket fan-out N=${n} p50`, figure: r.p50Ms.toFixed(1), value: r.p50Ms, unit: 'ms', target: '', verdict: r.missing ? `${fmt(r.missing)} not delivered` : '' });
        rows.push({
          benchmark: `Socket fan-out N=${n} p99`, figure: r.p99Ms.toFixed(1), value: r.p99Ms, unit: 'ms', target: gated ? `<= ${FLOOR_RATIO} x bare floor p99` : '',
          verdict: `${gated ? `${ratio.toFixed(2)} ${judge(ratio <= FLOOR_RATIO && r.missing === 0)}` : 'info'}${r.missing ? `; ${fmt(r.missing)} not delivered` : ''}`,
        });
      }
      if (r === largest) {
        rows.push({
          benchmark: `Socket fan-out N=${fmt(floor.clients)} bare node:net floor p99`, figure: floor.p99Ms.toFixed(1), value: floor.p99Ms, unit: 'ms', target: '',
          verdict: `baseline${floor.missing ? `; ${fmt(floor.missing)} not delivered` : ''}`,
        });
      }
      rows.push({
        benchmark: `Socket RSS per idle conn N=${n}`, figure: (r.rssPerConnectionBytes / 1024).toFixed(2), value: r.rssPerConnectionBytes, unit: 'KiB/conn', target: '< 8 KiB',
        verdict: `${(r.rssPerConnectionBytes / RSS_TARGET_BYTES).toFixed(2)} ${judge(r.rssPerConnectionBytes < RSS_TARGET_BYTES)}`,
      });
      notes.push(
        `Socket N=${n}: connected in ${r.secondsToConnect.toFixed(1)} s; server RSS ${fmt(r.rssBeforeKiB)} -> ${fmt(r.rssAfterKiB)} KiB ${r.collected ? '(after full GCs)' : '(no GC asked: an upper bound)'}${r.rssMarginalBytes === null ? '' : ` (${(r.rssMarginalBytes / 1024).toFixed(2)} KiB per socket added since the previous count)`}; delivery p50 ${r.p50Ms.toFixed(1)} / p99 ${r.p99Ms.toFixed(1)} / max ${r.maxMs.toFixed(1)} ms; the chat.send HTTP answer after ${r.httpAnswerMs.toFixed(1)} ms (median); ${fmt(r.missing)} not delivered${r === largest && r.triggerError === null ? `; p99 ${(r.p99Ms / floor.p99Ms).toFixed(2)}x the bare floor's; each round's p99 ${roundsText(r)} ms (the floor's: ${roundsText(floor)} ms); server main-thread CPU per round ${r.serverCpuMs.toFixed(0)} ms, ${(r.serverCpuMs / floor.serverCpuMs).toFixed(2)}x the floor's` : ''}`,
      );
    }
    const loops = floor.bareLoops ?? [];
    notes.push(
      `Socket floor N=${fmt(floor.clients)}: a bare node:http server (bench/lib/bare-fanout-server.ts, on CPU ${SERVER_CPU}) takes the upgrades by hand and on GET /fire writes one pre-built ${fmt(floor.frameBytes)}-byte text frame (the MSG_CREATED payload's length) to every socket in one loop, one net.Socket.write each, as the sim-server does; same clients, rounds and timing as above; delivery p50 ${floor.p50Ms.toFixed(1)} / p99 ${floor.p99Ms.toFixed(1)} / max ${floor.maxMs.toFixed(1)} ms; server main-thread CPU per round (/proc/<pid>/schedstat, from the trigger to the last receipt) ${floor.serverCpuMs.toFixed(0)} ms; its write loop per round (wall ms, of which process.cpuUsage user + system ms): ${loops.map((l) => `${l.loopMs.toFixed(1)} (${l.userMs.toFixed(1)} + ${l.systemMs.toFixed(1)})`).join(', ')}; the system share is the kernel's loopback TCP send, which also runs the receiving side's TCP processing`,
    );
    const sn = fmt(sustained.clients);
    rows.push({
      benchmark: `chat.send sustained, ${sn} listeners`, figure: sustained.acceptedPerSecond.toFixed(1), value: sustained.acceptedPerSecond, unit: 'msg/s', target: `${(sustained.offered / sustained.seconds).toFixed(0)} msg/s offered`,
      verdict: `${fmt(sustained.accepted)} of ${fmt(sustained.offered)} accepted`,
    });
    rows.push({
      benchmark: `chat.send sustained, ${sn} listeners: delivery p99`, figure: sustained.p99Ms.toFixed(1), value: sustained.p99Ms, unit: 'ms', target: 'figure',
      verdict: `info${sustained.missing ? `; ${fmt(sustained.missing)} not delivered` : ''}`,
    });
    notes.push(
      `chat.send sustained: ${fmt(sustained.senders)} signed-in players each post as often as the 3 s send delay and the flood guard (5 per 20 s) allow (every 4.2 s), spread evenly, for ${sustained.seconds.toFixed(1)} s, to ${sn} sockets in the CHAT room (a server of its own, pinned as above); ${fmt(sustained.accepted)} of ${fmt(sustained.offered)} accepted${Object.keys(sustained.refused).length ? ` (refused: ${Object.entries(sustained.refused).map(([c, n]) => `${c} x${n}`).join(', ')})` : ''}; delivery (from just before the HTTP call to each socket's receipt) p50 ${sustained.p50Ms.toFixed(1)} / p99 ${sustained.p99Ms.toFixed(1)} / max ${sustained.maxMs.toFixed(1)} ms; chat.send answered in p50 ${sustained.httpP50Ms.toFixed(1)} / p99 ${sustained.httpP99Ms.toFixed(1)} ms; ${fmt(sustained.missing)} deliveries missing. The offered rate is what the limits let ${fmt(sustained.senders)} players send, not the server's ceiling.`,
    );
    const fatal = results.some((r) => r.missing > 0);
    return { rows, notes, details: { options, results, floor, sustained }, fatal };
  } finally {
    removeTempDir(dir);
  }
}
