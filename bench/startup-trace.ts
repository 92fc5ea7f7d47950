/**
 * One first visit's long tasks, each split into what ran in it (script evaluation, function
 * calls by source, layout, style): a Chromium trace at DevTools' 4x CPU throttling and a 412 px
 * viewport, the method of docs/decisions/0053. For finding the work behind bench/startup.ts's sums.
 * Its CPU profile makes V8 compile with source positions, so it never shows the re-parse an
 * inspector otherwise costs at start: bench/start-tasks.ts measures that.
 *
 *   node bench/startup-trace.ts --static DIR [--page /] [--rate 4] [--signed-in]
 */
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { flag } from './lib/report.ts';
import { makeTempDir, removeTempDir, sleep, startServer } from './lib/procs.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const dir = resolve(flag('--static') ?? 'dist');
const path = flag('--page') ?? '/';
const rate = Number(flag('--rate') ?? 4);

type Event = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: { url?: string; functionName?: string; frame?: string; stackTrace?: { url: string; functionName: string }[] }; beginData?: { stackTrace?: { url: string; functionName: string }[] } } };

type Profile = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; parent?: number; children?: number[] }[]; startTime: number; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, SourceMapConsumer | null>();
/** The original source file of a built position, through the build's source map. */
function original(url: string, line: number, column: number): string {
  const file = url.replace(/^.*\/assets\//, '');
  if (!url.includes('/assets/')) return url ? url.replace(/^.*\//, '') : '(native)';
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${dir}/assets/${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  const pos = maps.get(file)?.originalPositionFor({ line: line + 1, column });
  return pos?.source ? pos.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, 'nm:') : file;
}

/** Self time of the samples between two trace times, summed per original source file, largest first. */
function bySource(profile: Profile, from: number, to: number): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const sums = new Map<string, number>();
  let t = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const f = nodes.get(id)!.callFrame;
    const key = f.url ? original(f.url, f.lineNumber, f.columnNumber) : f.functionName || '(program)';
    sums.set(key, (sums.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`);
}

/** Inclusive time of each original function between two trace times, largest first. */
function inclusive(profile: Profile, from: number, to: number): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nameOf = (id: number) => {
    const f = nodes.get(id)!.callFrame;
    if (!f.url.includes('/assets/')) return f.functionName || '(anon)';
    const file = f.url.replace(/^.*\/assets\//, '');
    original(f.url, f.lineNumber, f.columnNumber);
    const pos = maps.get(file)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    const src = pos?.source?.replace(/^.*\//, '') ?? file;
    return `${src}:${pos?.name ?? f.functionName}:${pos?.line ?? ''}`;
  };
  const sums = new Map<string, number>();
  let t = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = nameOf(n);
      if (seen.has(k)) continue;
      seen.add(k);
      sums.set(k, (sums.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    }
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`);
}

const dataDir = makeTempDir('startup-trace');
const server = await startServer({ args: ['sim-server/main.ts'], env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', STATIC_DIR: dir }, logDir: dataDir, name: 'startup-trace' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const base = `http://127.0.0.1:${server.port}`;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    localStorage.setItem('perf_probe', 'off');
    localStorage.setItem('cookie_accepted', '1');
  });
  if (process.argv.includes('--signed-in')) {
    const answer = await fetch(`${base}/api/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `trace${Date.now().toString(36)}`, password: 'bench-password' }) });
    await context.addCookies(answer.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), domain: '127.0.0.1', path: '/' };
    }));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await sleep(3000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Event[] };
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'TracingStartedInBrowser') ? events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 30_000) : [];
  const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? main[0]?.ts ?? 0;
  for (const task of main) {
    const inside = events.filter((e) => e.tid === task.tid && e.pid === task.pid && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && e !== task);
    // Top-level children only.
    const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && (o.ts < e.ts || o.dur! > e.dur!)));
    const parts = top.filter((e) => e.dur! > 2000).map((e) => {
      const d = e.args?.data;
      const what = d?.url ? d.url.replace(/^.*\//, '') : d?.functionName ?? '';
      const sub = inside.filter((c) => c.ts >= e.ts && c.ts + c.dur! <= e.ts + e.dur! && c !== e && /Layout|UpdateLayoutTree|ParseHTML|GC|V8.GC/.test(c.name) && c.dur! > 2000).map((c) => `${c.name} ${(c.dur! / 1000).toFixed(0)}${c.args?.beginData?.stackTrace?.[0] ? ` <- ${c.args.beginData.stackTrace[0].functionName}@${c.args.beginData.stackTrace[0].url.replace(/^.*\//, '')}` : ''}`);
      return `${e.name}${what ? `(${what})` : ''} ${(e.dur! / 1000).toFixed(0)}${sub.length ? ` [${sub.join('; ')}]` : ''}`;
    });
    console.log(`${((task.ts - t0) / 1000).toFixed(0)} ms: task ${(task.dur! / 1000).toFixed(0)} ms = ${parts.join(' + ')}`);
    if (task.dur! > 50_000) console.log(`   ${bySource(profile, task.ts, task.ts + task.dur!).join(', ')}`);
    if (task.dur! > 50_000 && process.argv.includes('--functions')) console.log(`   inclusive: ${inclusive(profile, task.ts, task.ts + task.dur!).join(', ')}`);
  }
  // The rendering work of the whole visit on the page's main thread: what content-visibility and
  // fewer nodes change, apart from script.
  const mainTid = main[0]?.tid;
  const sum = (name: string) => events.filter((e) => e.name === name && e.ph === 'X' && e.tid === mainTid && e.pid === main[0]?.pid).reduce((total, e) => total + (e.dur ?? 0), 0) / 1000;
  console.log(`rendering: Layout ${sum('Layout').toFixed(0)} ms, UpdateLayoutTree ${sum('UpdateLayoutTree').toFixed(0)} ms, PrePaint ${sum('PrePaint').toFixed(0)} ms, Paint ${sum('Paint').toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.stop();
  removeTempDir(dataDir);
}
