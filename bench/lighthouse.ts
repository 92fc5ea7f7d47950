/**
 * First visit on a weak phone: Lighthouse's mobile preset (a mid-range phone, 4x CPU
 * slowdown, slow 4G, simulated) against the built site served by the sim-server, on a fresh
 * database, in Debian's Chromium. One row per page and figure; each page's full report is
 * saved as bench/results/lighthouse/<page>.json beside the table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from '../scripts/build-if-needed.ts';
import { makeTempDir, removeTempDir, ROOT, startServer } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--headless=new'];

/** What the issue asks of every page. */
const TARGET_PERFORMANCE = 90;
const TARGET_ACCESSIBILITY = 100;

interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Lighthouse's own CPU benchmark of this machine at the time (a quiet desktop scores 1,000-2,000). */
  benchmarkIndex: number;
}

/** A free port for Chromium's debugging endpoint (the sim-server's own pick is taken by then). */
function debuggingPort(): number {
  return 9300 + (process.pid % 500);
}

/** Runs Lighthouse on each page; `pages` are paths, /case/{key} filled in from the catalog. */
export async function lighthouseBench(options: { pages?: string[] } = {}): Promise<Section> {
  await buildIfNeeded();
  const dataDir = makeTempDir('lighthouse');
  const server = await startServer({ args: ['sim-server/main.ts'], env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_MAX: '0' }, logDir: dataDir, name: 'lighthouse-server' });
  const base = `http://127.0.0.1:${server.port}`;
  const port = debuggingPort();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  const reportDir = join(ROOT, 'bench', 'results', 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  try {
    const catalog = (await (await fetch(`${base}/api/method/case.getCases`)).json()) as { response: { cases: { key: string }[] } };
    const caseKey = catalog.response.cases[0]?.key ?? 'missing';
    const pages = options.pages ?? ['/', '/cases', '/battles', `/case/${caseKey}`];
    const figures: PageFigures[] = [];
    for (const page of pages) {
      // Each run is a first visit: Lighthouse clears the origin's storage and caches itself.
      const result = await lighthouse(`${base}${page}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      if (!result) throw new Error(`lighthouse gave no result for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${lhr.runtimeError.message}`);
      const name = page === '/' ? 'home' : page.slice(1).replace(/[^a-z0-9]+/gi, '-');
      writeFileSync(join(reportDir, `${name}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        page: page.startsWith('/case/') ? '/case/{key}' : page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        bytes: audit('total-byte-weight'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
    }
    const rows: Row[] = figures.flatMap((f) => [
      { benchmark: `Lighthouse mobile ${f.page}: performance`, figure: String(f.performance), value: f.performance, unit: '/100', target: `>= ${TARGET_PERFORMANCE}`, verdict: judge(f.performance >= TARGET_PERFORMANCE) },
      { benchmark: `Lighthouse mobile ${f.page}: FCP`, figure: (f.fcpMs / 1000).toFixed(1), value: f.fcpMs, unit: 's', target: '', verdict: '' },
      { benchmark: `Lighthouse mobile ${f.page}: LCP`, figure: (f.lcpMs / 1000).toFixed(1), value: f.lcpMs, unit: 's', target: '<= 2.5 s', verdict: judge(f.lcpMs <= 2500) },
      { benchmark: `Lighthouse mobile ${f.page}: TBT`, figure: fmt(f.tbtMs), value: f.tbtMs, unit: 'ms', target: '<= 200 ms', verdict: judge(f.tbtMs <= 200) },
      { benchmark: `Lighthouse mobile ${f.page}: accessibility`, figure: String(f.accessibility), value: f.accessibility, unit: '/100', target: `= ${TARGET_ACCESSIBILITY}`, verdict: judge(f.accessibility >= TARGET_ACCESSIBILITY) },
    ]);
    const notes = [
      `Lighthouse ${'13'} mobile preset (simulated 4x CPU, slow 4G) on a fresh database; reports in bench/results/lighthouse/. Bytes moved: ${figures.map((f) => `${f.page} ${fmt(f.bytes / 1024)} KiB`).join(', ')}; CLS: ${figures.map((f) => `${f.page} ${f.cls.toFixed(3)}`).join(', ')}. Simulated timings scale with this machine's own CPU time, so a busy machine inflates TBT: Lighthouse's CPU benchmark of this machine was ${figures.map((f) => `${f.page} ${fmt(f.benchmarkIndex)}`).join(', ')} (a quiet desktop scores 1,000-2,000).`,
    ];
    return { rows, notes, details: { figures }, fatal: false };
  } finally {
    await browser.close();
    await server.stop();
    removeTempDir(dataDir);
  }
}
