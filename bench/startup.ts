/**
 * A first visit's main-thread work, measured apart from the machine's noise (docs/decisions/0053):
 * Chromium with DevTools' 4x CPU throttling, a 412 px phone viewport, the sum of (long task -
 * 50 ms) from navigation to 3 s after the network went quiet, per page. Two or more built
 * clients are measured in alternating rounds (each round visits every page with one build,
 * then with the next, the order turning each round), each served by its own sim-server on a
 * fresh database, so a busy spell of the machine falls on both. The automatic performance
 * switch is off (localStorage.perf_probe), as in the browser tests.
 *
 *   node bench/startup.ts --static DIR[,DIR...] [--pages /,/cases] [--runs 3] [--rate 4] [--signed-in]
 *
 * Prints each build's per-round sums and medians, and the largest tasks of each visit.
 */
import { resolve } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { flag } from './lib/report.ts';
import { makeTempDir, removeTempDir, sleep, startServer, type Server } from './lib/procs.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const dirs = (flag('--static') ?? 'dist').split(',').map((d) => resolve(d));
const pages = (flag('--pages') ?? '/,/cases,/battles').split(',');
const runs = Number(flag('--runs') ?? 3);
const rate = Number(flag('--rate') ?? 4);
const signedIn = process.argv.includes('--signed-in');

const median = (values: number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function visit(context: BrowserContext, url: string): Promise<{ excess: number; tasks: number[]; lcp: number; fcp: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await sleep(3000);
  const result = await page.evaluate(() => {
    const w = window as unknown as { startupTasks: number[]; startupLcp: number };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { tasks: w.startupTasks, lcp: w.startupLcp, fcp };
  });
  await page.close();
  return { excess: result.tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0), tasks: result.tasks.toSorted((a, b) => b - a), lcp: result.lcp, fcp: result.fcp };
}

async function main(): Promise<void> {
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const [i, dir] of dirs.entries()) {
      const dataDir = makeTempDir(`startup-${i}`);
      dataDirs.push(dataDir);
      servers.push(await startServer({ args: ['sim-server/main.ts'], env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', STATIC_DIR: dir }, logDir: dataDir, name: `startup-${i}` }));
    }
    const cookiesOf = async (base: string) => {
      const answer = await fetch(`${base}/api/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `startup${Date.now().toString(36)}`, password: 'bench-password' }) });
      return answer.headers.getSetCookie().map((line) => {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), domain: '127.0.0.1', path: '/' };
      });
    };
    const results = dirs.map(() => pages.map(() => [] as { excess: number; tasks: number[]; lcp: number; fcp: number }[]));
    for (let round = 0; round < runs; round++) {
      const order = dirs.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const b of order) {
        const base = `http://127.0.0.1:${servers[b]!.port}`;
        for (const [p, path] of pages.entries()) {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
          await context.addInitScript(() => {
            localStorage.setItem('perf_probe', 'off');
            localStorage.setItem('cookie_accepted', '1');
            const w = window as unknown as { startupTasks: number[]; startupLcp: number };
            w.startupTasks = [];
            w.startupLcp = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) w.startupTasks.push(Math.round(e.duration));
            }).observe({ type: 'longtask', buffered: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) w.startupLcp = e.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          });
          if (signedIn) await context.addCookies(await cookiesOf(base));
          const r = await visit(context, `${base}${path}`);
          await context.close();
          results[b]![p]!.push(r);
          process.stderr.write(`round ${round + 1} build ${b} ${path}: excess ${r.excess} ms, tasks ${r.tasks.slice(0, 6).join(' ')}, FCP ${Math.round(r.fcp)} LCP ${Math.round(r.lcp)}\n`);
        }
      }
    }
    for (const [p, path] of pages.entries()) {
      for (const [b, dir] of dirs.entries()) {
        const list = results[b]![p]!;
        console.log(`${path} ${dir}: long-task excess ${list.map((r) => r.excess).join(', ')} ms (median ${median(list.map((r) => r.excess))}); FCP median ${Math.round(median(list.map((r) => r.fcp)))} ms, LCP median ${Math.round(median(list.map((r) => r.lcp)))} ms; largest tasks ${list.map((r) => r.tasks.slice(0, 4).join('/')).join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) await s.stop();
    for (const d of dataDirs) removeTempDir(d);
  }
}

await main();
