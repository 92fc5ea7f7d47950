/**
 * Profiles one RPC method under the rpc bench's load: a sim-server (production settings, pinned
 * to CPU 0) run with --cpu-prof, the bench's load generator on CPU 1 for `seconds`, then the
 * profile's self time summed by function. For finding what a method spends its CPU on:
 *   node bench/profile-rpc.ts 'dice.roll?bet=1&side=over&target=200' 10
 * Writes the .cpuprofile under bench/results/profiles/ and prints the top functions.
 * PROFILE_ENV (JSON) adds to the server's environment, and `{box}` in the path stands for the
 * first case's hash, e.g. the progression bench's wager with counting off:
 *   PROFILE_ENV='{"SIM_START_BALANCE":"1000000000","COUNT_PROGRESSION":"0"}' node bench/profile-rpc.ts 'arena-unbox.create?box_hash={box}&count=1' 8
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rpc, signIn } from './lib/http.ts';
import type { LoadPlan } from './lib/load.ts';
import { cpuSeconds, makeTempDir, removeTempDir, runNode, startSimServer } from './lib/procs.ts';

let path = process.argv[2] ?? 'dice.roll?bet=1&side=over&target=200';
const seconds = Number(process.argv[3] ?? 10);
// --no-profile: only answers per second of server CPU (to compare two builds without the profiler's cost).
const profiling = !process.argv.includes('--no-profile');
const out = resolve('bench/results/profiles');
mkdirSync(out, { recursive: true });

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };

const dir = makeTempDir('profile');
try {
  const sim = await startSimServer(dir, 0, { env: { NODE_ENV: 'production', ...JSON.parse(process.env.PROFILE_ENV ?? '{}'), ...(profiling ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${out}` } : {}) } });
  const base = `http://127.0.0.1:${sim.port}`;
  const tokens: string[] = [];
  for (let i = 0; i < 10; i++) tokens.push(await signIn(base, `profRpc${i}`, 'bench-password'));
  if (path.includes('{box}')) {
    const listing = await rpc(base, tokens[0]!, 'arena-case.listing', { fields: 'enabled' });
    path = path.replace('{box}', (listing as { response: { listing: { hash: string }[] } }).response.listing[0]!.hash);
  }
  const plan: LoadPlan = { url: `${base}/api/method/${path}`, connections: 50, warmupS: 2, durationS: seconds, tokens };
  const before = new Set(readdirSync(out));
  let cpuStart = 0;
  let cpuUsed = 0;
  const run = await runNode({
    args: ['bench/lib/load.ts', JSON.stringify(plan)],
    cpu: 1,
    timeoutMs: (seconds + 40) * 1000,
    onLine: (line) => {
      if (line === 'MEASURE_START') cpuStart = cpuSeconds(sim.pid) ?? Number.NaN;
      if (line === 'MEASURE_END') cpuUsed = (cpuSeconds(sim.pid) ?? Number.NaN) - cpuStart;
    },
  });
  const result = JSON.parse(run.stdout.split('\n').find((l) => l.startsWith('RESULT '))!.slice('RESULT '.length)) as { ok: number; okPerSecond: number };
  console.log(`${path}: ${result.ok} ok, ${result.okPerSecond.toFixed(0)} req/s, ${(result.ok / cpuUsed).toFixed(0)} per server CPU second (${((cpuUsed / seconds) * 100).toFixed(0)}% of a core)`);
  await sim.stop(20_000);
  if (profiling) report(before);
} finally {
  removeTempDir(dir);
}

/** Prints the new profile's functions by inclusive and by self time. */
function report(before: Set<string>): void {
  const file = readdirSync(out).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(join(out, file), 'utf8')) as { nodes: Node[]; startTime: number; endTime: number; samples: number[] };
  const total = profile.samples.length;
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|wt-games)\//, '')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|wt-games)\//, '')}:${n.callFrame.lineNumber + 1}`;
  const inclusive = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const seen = new Set<string>();
    for (let at: number | undefined = n.id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at)!));
    for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + hits);
  }
  console.log(`${file}: ${total} samples; inclusive:`);
  for (const [key, hits] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  console.log('self:');
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
