/**
 * The tasks of a page's start that evaluate a chunk, and how much of each is V8 re-parsing
 * scripts for source positions: work an inspector (Lighthouse, DevTools, Playwright) brings and a
 * phone never does (docs/decisions/0053). Each load is a fresh browser under Playwright, traced
 * with Lighthouse's categories and V8's compile events, at full speed, with the main-thread speed
 * check off. One line per page: each load's tasks in ms, the re-parse in brackets.
 *
 *   node bench/start-tasks.ts [--pages /,/terms] [--runs 3] [--static DIR]
 *
 * `--static DIR` serves another build (a copy outside the project needs a link to node_modules
 * in DIR, for the server's first-view module). A diagnostic, not a benchmark with a target.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { buildIfNeeded } from '../scripts/build-if-needed.ts';
import { makeTempDir, removeTempDir, startServer } from './lib/procs.ts';
import { flag } from './lib/report.ts';

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'loading', 'disabled-by-default-v8.compile'];

/** The main thread's tasks that evaluate a module or re-parse for positions, as "ms (re-parse ms)". */
function startTasks(events: TraceEvent[]): string[] {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  const within = (task: TraceEvent, name: string) => onMain.filter((e) => e.name === name && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  const rows: string[] = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask')) {
    const reparses = within(task, 'V8.CollectSourcePositions');
    // Nested collections are counted once, in the outermost.
    const outer = reparses.filter((e) => !reparses.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur!));
    const reparseMs = outer.reduce((sum, e) => sum + e.dur! / 1000, 0);
    const evaluates = within(task, 'v8.evaluateModule').some((e) => e.dur! > 5000);
    if (reparseMs > 3 || evaluates) rows.push(`${(task.dur! / 1000).toFixed(0)} (${reparseMs.toFixed(0)})`);
  }
  return rows;
}

async function main(): Promise<void> {
  const pages = (flag('--pages') ?? '/,/terms').split(',');
  const runs = Number(flag('--runs') ?? 3);
  const staticDir = flag('--static');
  if (!staticDir) await buildIfNeeded();
  const dataDir = makeTempDir('start-tasks');
  const server = await startServer({
    args: ['sim-server/main.ts'],
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', ...(staticDir ? { STATIC_DIR: resolve(staticDir) } : {}) },
    logDir: dataDir,
    name: 'start-tasks-server',
  });
  const traceDir = join(dataDir, 'traces');
  mkdirSync(traceDir);
  try {
    for (const page of pages) {
      const loads: string[] = [];
      for (let run = 0; run < runs; run++) {
        const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
        try {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
          await context.addInitScript(() => localStorage.setItem('perf_probe', 'off'));
          const tab = await context.newPage();
          const path = join(traceDir, `${run}.json`);
          await browser.startTracing(tab, { path, categories: CATEGORIES });
          await tab.goto(`http://127.0.0.1:${server.port}${page}`, { waitUntil: 'load' });
          // The app starts after the load (on a prerendered page) and is running within seconds.
          await tab.waitForTimeout(3000);
          await browser.stopTracing();
          loads.push(startTasks((JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents).join(' '));
        } finally {
          await browser.close();
        }
      }
      console.log(`${page}: ${loads.join(' | ')}`);
    }
  } finally {
    await server.stop();
    removeTempDir(dataDir);
  }
}

await main();
