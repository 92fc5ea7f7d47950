/**
 * Socket fan-out: one chat message (chat.send) pushes MSG_CREATED to every socket in the CHAT
 * room, N signed-in sockets; delivery p50/p99 and server RSS per idle socket, at 1,000 and
 * then 5,000 sockets. The hub serialises the frame once per publish. The server runs untouched (nothing added for the
 * benchmark), pinned to one CPU; the clients run in their own process on the other.
 */
import { LOAD_CPU, SERVER_CPU } from './rpc.ts';
import type { FanoutResult, SocketPlan } from './lib/socket-clients.ts';
import { errorSummary, makeTempDir, removeTempDir, runNode, startSimServer } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

export interface SocketOptions {
  counts: number[];
  rounds: number;
}

const P99_TARGET_MS = 50;
const RSS_TARGET_BYTES = 8 * 1024;

/** Runs the fan-out at each count. */
export async function socketBench(options: SocketOptions): Promise<Section> {
  const dir = makeTempDir('socket');
  try {
    const server = await startSimServer(dir, SERVER_CPU);
    let results: FanoutResult[];
    try {
      const plan: SocketPlan = { port: server.port, serverPid: server.pid, counts: options.counts, rounds: options.rounds, parallel: 32 };
      const { code, stdout, stderr } = await runNode({ args: ['bench/lib/socket-clients.ts', JSON.stringify(plan)], cpu: LOAD_CPU, timeoutMs: 180_000 });
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) throw new Error(`socket clients failed (exit ${code}): ${errorSummary(stderr)}`);
      results = JSON.parse(line.slice('RESULT '.length)) as FanoutResult[];
    } finally {
      await server.stop();
    }

    const rows: Row[] = [];
    const notes = [
      `Socket: sockets of one signed-in player (each its own connect token) joined to the CHAT room; per round a fresh player's chat.send makes the server push MSG_CREATED to all of them (one JSON frame built once); latency from just before the HTTP call to each socket's receipt, ${options.rounds} measured rounds after 1 warm-up, pooled; clients (ws) in their own process on CPU ${LOAD_CPU}, server on CPU ${SERVER_CPU}; RSS = server VmRSS after the sockets sat idle 1.5 s minus before the first socket, divided by N (garbage from the sign-in calls and handshakes not yet collected counts too: an upper bound)`,
    ];
    for (const r of results) {
      const n = fmt(r.clients);
      if (r.triggerError !== null) {
        rows.push({ benchmark: `Socket fan-out N=${n}`, figure: 'no trigger', value: null, unit: 'ms p99', target: `< ${P99_TARGET_MS} ms at 5,000`, verdict: `n/a: chat.send answered ${r.triggerError}` });
      } else {
        const gated = r.clients >= 5000;
        rows.push({ benchmark: `Socket fan-out N=${n} p50`, figure: r.p50Ms.toFixed(1), value: r.p50Ms, unit: 'ms', target: '', verdict: r.missing ? `${fmt(r.missing)} not delivered` : '' });
        rows.push({
          benchmark: `Socket fan-out N=${n} p99`, figure: r.p99Ms.toFixed(1), value: r.p99Ms, unit: 'ms', target: gated ? `< ${P99_TARGET_MS} ms` : `(< ${P99_TARGET_MS} ms at 5,000)`,
          verdict: `${gated ? judge(r.p99Ms < P99_TARGET_MS && r.missing === 0) : 'info'}${r.missing ? `; ${fmt(r.missing)} not delivered` : ''}`,
        });
      }
      rows.push({
        benchmark: `Socket RSS per idle conn N=${n}`, figure: (r.rssPerConnectionBytes / 1024).toFixed(2), value: r.rssPerConnectionBytes, unit: 'KiB/conn', target: '< 8 KiB',
        verdict: `${(r.rssPerConnectionBytes / RSS_TARGET_BYTES).toFixed(2)} ${judge(r.rssPerConnectionBytes < RSS_TARGET_BYTES)}`,
      });
      notes.push(
        `Socket N=${n}: connected in ${r.secondsToConnect.toFixed(1)} s; server RSS ${fmt(r.rssBeforeKiB)} -> ${fmt(r.rssAfterKiB)} KiB${r.rssMarginalBytes === null ? '' : ` (${(r.rssMarginalBytes / 1024).toFixed(2)} KiB per socket added since the previous count)`}; delivery p50 ${r.p50Ms.toFixed(1)} / p99 ${r.p99Ms.toFixed(1)} / max ${r.maxMs.toFixed(1)} ms; the chat.send HTTP answer after ${r.httpAnswerMs.toFixed(1)} ms (median); ${fmt(r.missing)} not delivered`,
      );
    }
    const fatal = results.some((r) => r.missing > 0);
    return { rows, notes, details: { options, results }, fatal };
  } finally {
    removeTempDir(dir);
  }
}
