/**
 * `npm run bench`: runs every benchmark in turn and prints one table of figures and ratios
 * measured in this run (docs/design.md section 14), also written to bench/results/latest.json
 * (Lighthouse's full reports beside it, in bench/results/lighthouse/).
 * Exits 1 when a money invariant breaks or a benchmark cannot run; a missed target is
 * reported in the table, not as a failure of the run.
 *
 *   node bench/run.ts [rpc] [ledger] [socket] [chat-list] [client] [lighthouse] [workers] [gfx] [frames] [radio] [battles] [progression] [partner] [world] [cluster] [rtp] [--quick]
 *
 * BENCH_STACK=1 also prints the whole error of a benchmark that could not run (the table has its first line).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { battlesBench } from './battles.ts';
import { chatListBench } from './chat-list.ts';
import { clientBench } from './client.ts';
import { clusterBench } from './cluster.ts';
import { framesBench } from './frames.ts';
import { gfxBench } from './gfx.ts';
import { ledgerBench } from './ledger.ts';
import { partnerDashboardBench } from './partner-dashboard.ts';
import { lighthouseBench } from './lighthouse.ts';
import { cleanupNow, machineBusySeconds, ownTreeCpuSeconds, ROOT, withTimeout } from './lib/procs.ts';
import { renderTable, type Row, type Section } from './lib/report.ts';
import { progressionBench } from './progression.ts';
import { NOISE_CPU_PERCENT, rpcBench } from './rpc.ts';
import { socketBench } from './socket.ts';
import { workersBench } from './workers.ts';
import { radioBench } from './radio.ts';
import { rtpBench } from './rtp.ts';
import { worldBench } from './world.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const chosen = args.filter((a) => !a.startsWith('--'));

const benchmarks: { name: string; timeoutMs: number; run: () => Promise<Section> | Section }[] = [
  { name: 'rpc', timeoutMs: 420_000, run: () => rpcBench(quick ? { connections: 50, warmupS: 1, durationS: 3, users: 10, tries: 1 } : { connections: 50, warmupS: 2, durationS: 10, users: 10, tries: 3 }) },
  { name: 'ledger', timeoutMs: 150_000, run: () => ledgerBench({ transfers: quick ? 10_000 : 50_000, users: 50, amount: 100, refusedShare: 0.1, writers: 2 }) },
  {
    name: 'socket',
    timeoutMs: 360_000,
    run: () => socketBench({ counts: quick ? [1000] : [1000, 5000], rounds: quick ? 2 : 5, sustain: { clients: 1000, senders: quick ? 200 : 400, seconds: quick ? 8 : 15 } }),
  },
  { name: 'chat-list', timeoutMs: 300_000, run: () => chatListBench({ messages: 1000, senders: 200 }) },
  { name: 'client', timeoutMs: 30_000, run: () => clientBench() },
  // Thirteen pages (issue 31), five rounds (one round under --quick): about 25 s a page and round on a two-core machine.
  { name: 'lighthouse', timeoutMs: 2_700_000, run: () => lighthouseBench({ runs: quick ? 1 : 5 }) },
  { name: 'workers', timeoutMs: 120_000, run: () => workersBench(quick ? { tickets: 50_000, runs: 2 } : { tickets: 200_000, runs: 3 }) },
  { name: 'gfx', timeoutMs: 180_000, run: () => gfxBench({ spins: quick ? 1 : 3 }) },
  // Issue 31: frames and taps with the CPU slowed 6x, performance mode and normal mode.
  { name: 'frames', timeoutMs: 900_000, run: () => framesBench({ only: quick ? ['chicken'] : undefined }) },
  { name: 'radio', timeoutMs: 420_000, run: () => radioBench(quick ? { clients: 1000, rounds: 1 } : { clients: 5000, rounds: 2 }) },
  {
    name: 'progression',
    timeoutMs: 300_000,
    run: () => progressionBench(quick ? { connections: 50, warmupS: 1, durationS: 3, users: 10, tries: 1, players: 100_000, reads: 2_000 } : { connections: 50, warmupS: 2, durationS: 10, users: 10, tries: 3, players: 100_000, reads: 5_000 }),
  },
  { name: 'partner', timeoutMs: 400_000, run: () => partnerDashboardBench(quick ? { referrals: 10_000, wagers: 100_000, requests: 200 } : { referrals: 100_000, wagers: 1_000_000, requests: 500 }) },
  { name: 'battles', timeoutMs: 300_000, run: () => battlesBench({ counts: quick ? [100] : [100, 1000], speed: 20 }) },
  {
    name: 'world',
    timeoutMs: 600_000,
    run: () =>
      worldBench(
        quick
          ? { seconds: 15, busy: { players: 2_000, activity: 10 }, rpc: { connections: 4, warmupS: 1, durationS: 3, users: 4, tries: 1 } }
          : { seconds: 60, busy: { players: 2_000, activity: 10 }, rpc: { connections: 4, warmupS: 2, durationS: 10, users: 4, tries: 3 } },
      ),
  },
  // Two processes through Redis (REDIS_URL; n/a without it).
  { name: 'cluster', timeoutMs: 240_000, run: () => clusterBench({ count: quick ? 1000 : 5000, rounds: quick ? 2 : 5 }) },
  // The return to player played round by round (issue 16); the exact proof is a unit test.
  { name: 'rtp', timeoutMs: 300_000, run: () => rtpBench({ rounds: quick ? 200_000 : 1_000_000 }) },
];

const unknown = chosen.filter((name) => !benchmarks.some((b) => b.name === name));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const rows: Row[] = [];
const notes: string[] = [];
const details: Record<string, unknown> = {};
let fatal = false;

for (const bench of benchmarks) {
  if (chosen.length && !chosen.includes(bench.name)) continue;
  const t0 = Date.now();
  const machine0 = machineBusySeconds();
  const own0 = ownTreeCpuSeconds();
  process.stderr.write(`bench: ${bench.name}...`);
  try {
    const section = await withTimeout(bench.name, bench.timeoutMs, Promise.resolve().then(bench.run));
    // Every child has been reaped by now, so its CPU time is in ours: the rest is someone else's.
    const seconds = (Date.now() - t0) / 1000;
    const otherPercent = seconds > 0.5 ? Math.max(0, ((machineBusySeconds() - machine0 - (ownTreeCpuSeconds() - own0)) / seconds) * 100) : 0;
    const disturbed = otherPercent > NOISE_CPU_PERCENT && !section.noiseChecked;
    rows.push(...section.rows.map((r) => (disturbed ? { ...r, verdict: `${r.verdict} (disturbed)`.trim() } : r)));
    notes.push(...section.notes);
    if (disturbed) notes.push(`${bench.name}: DISTURBED: other processes on the machine used ${otherPercent.toFixed(0)}% of a CPU on average during this benchmark; rerun on a quiet machine`);
    details[bench.name] = { ...section.details, otherCpuPercent: otherPercent };
    if (section.fatal) fatal = true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (process.env.BENCH_STACK) console.error(error);
    rows.push({ benchmark: bench.name, figure: 'ERROR', value: null, unit: '', target: '', verdict: `ERROR: ${message.split('\n')[0]}` });
    notes.push(`${bench.name} failed: ${message}`);
    details[bench.name] = { error: message };
    fatal = true;
    // A benchmark that timed out may have left servers behind: stop them before the next one.
    cleanupNow();
  }
  process.stderr.write(` ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}

const machine = `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB${quick ? ', QUICK run' : ''}`;
console.log(`\nArena benchmarks, ${new Date(started).toISOString()}, ${machine}\n`);
console.log(renderTable(rows));
console.log('');
for (const note of notes) console.log(`- ${note}`);
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s${fatal ? '; FAILED: a money invariant broke or a benchmark could not run' : ''}`);

const resultsDir = join(ROOT, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify({ date: new Date(started).toISOString(), machine, quick, ok: !fatal, rows, notes, details }, null, 2)}\n`);

cleanupNow();
process.exitCode = fatal ? 1 : 0;
