/**
 * First visit on a weak phone: Lighthouse's mobile preset (a mid-range phone, 4x CPU
 * slowdown, slow 4G, simulated) against the built site served by the sim-server, on a fresh
 * database, in Debian's Chromium. Every main page of issue 31: the public ones as a visitor
 * (a finished battle's page made for the run), then /wallet and /inventory signed in. One row
 * per page and figure (TBT beside the score); each page's last report is saved as
 * bench/results/lighthouse/<page>.json beside the table.
 *
 * Every page is measured `runs` times (5 unless told), round by round (each round visits every
 * page once, so a busy spell of the machine spreads over pages instead of sinking one), and the
 * table shows each figure's median with TBT's lowest and highest beside it. One load is not a
 * verdict: the same build's / read TBT 166, 325 and 451 ms in three rounds of one run, and 194,
 * 247, 294 and 479 ms in the next. Lighthouse's variability guide takes the median of five.
 *
 * The preset's CPU slowdown (4x) stands for its phone only on a host of Lighthouse's reference
 * speed: the same 4x on a host twice as fast measures a phone twice as fast, and this machine's
 * speed has differed 3x from session to session. Under simulated throttling a page is loaded at
 * full speed and the slowdown applied afterwards, to its trace; so every page is loaded first
 * (Lighthouse's gather mode, which also reads the host's benchmark index at each load), and then
 * every load is audited with the slowdown Lighthouse's throttling guide gives for the median of
 * those readings (`calibratedSlowdown`: 4x on the reference host). One reading alone varied
 * 740-1,580 on a quiet machine within a run. `--cpu N` sets the multiplier instead.
 * `--traces DIR` keeps each load's trace there (DIR/<page>-<round>.trace.json, about 10 MB
 * each), to find the long tasks behind a figure.
 *
 *   node bench/lighthouse.ts [--runs N] [--static DIR] [--pages /,/cases,...] [--cpu N] [--traces DIR]
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { buildIfNeeded } from '../scripts/build-if-needed.ts';
import { makeTempDir, removeTempDir, ROOT, sleep, startServer } from './lib/procs.ts';
import { calibratedSlowdown } from './lib/host-speed.ts';
import { fmt, judge, runAlone, type Row, type Section } from './lib/report.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

/** What the issue asks of every page. */
const TARGET_PERFORMANCE = 90;
const TARGET_ACCESSIBILITY = 100;
const TARGET_TBT_MS = 200;
const TARGET_LCP_MS = 2000;

/**
 * The pages of issue 31, in the order they are measured. `{case}` and `{battle}` are filled in
 * from the run's own arena; the signed-in pages come last, with the player's cookies.
 */
export const LIGHTHOUSE_PAGES = ['/', '/cases', '/case/{case}', '/battles', '/battle/{battle}', '/chicken', '/dice', '/rewards', '/battlepass', '/event/race', '/provably-fair', '/wallet', '/inventory'];
/** Pages measured signed in: the others as a visitor. */
const SIGNED_IN = new Set(['/wallet', '/inventory']);

interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Main-thread time of the page's scripts (bootup-time) and all main-thread work (mainthread-work-breakdown), ms. */
  scriptMs: number;
  mainThreadMs: number;
  /** Lighthouse's own CPU benchmark of this machine at the time (a quiet desktop scores 1,000-2,000). */
  benchmarkIndex: number;
}

const FLAGS = { output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'] };

/** A page loaded once in Lighthouse's gather mode: its artifacts' folder and the host's benchmark index at the time. */
type Gathered = { folder: string; benchmarkIndex: number };

async function gather(url: string, port: number): Promise<Gathered> {
  const folder = makeTempDir('lighthouse-artifacts');
  await lighthouse(url, { ...FLAGS, port, gatherMode: folder });
  const { BenchmarkIndex } = JSON.parse(readFileSync(join(folder, 'artifacts.json'), 'utf8')) as { BenchmarkIndex: number };
  return { folder, benchmarkIndex: BenchmarkIndex };
}

/**
 * The report of a gathered load, simulated with the CPU slowed `cpuSlowdown` times. The artifacts
 * name the settings they were gathered with and the audit must use the same; the slowdown is
 * only read when auditing (simulated throttling), so it is written into them.
 */
async function auditLoad(url: string, port: number, { folder }: Gathered, cpuSlowdown: number, keepTraceAs?: string): Promise<RunnerResult> {
  try {
    if (keepTraceAs) copyFileSync(join(folder, 'trace.json'), keepTraceAs);
    const path = join(folder, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(path, 'utf8')) as { settings: { throttling: { cpuSlowdownMultiplier: number } } };
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
    writeFileSync(path, JSON.stringify(artifacts));
    const result = await lighthouse(url, { ...FLAGS, port, auditMode: folder, throttling: { cpuSlowdownMultiplier: cpuSlowdown } });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    return result;
  } finally {
    removeTempDir(folder);
  }
}

/** A free port for Chromium's debugging endpoint (the sim-server's own pick is taken by then). */
function debuggingPort(): number {
  return 9300 + (process.pid % 500);
}

const median = (values: number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Answer = { response?: unknown; error?: unknown };

type Cookie = { name: string; value: string; path: string };

/** Signs the player in (a new name signs up): answers the session's cookies (name, value, path). */
async function signIn(base: string, username: string): Promise<Cookie[]> {
  const answer = await fetch(`${base}/api/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'bench-password' }) });
  const body = (await answer.json()) as Answer;
  if (body.error !== undefined) throw new Error(`sign-in failed: ${JSON.stringify(body.error)}`);
  return answer.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const path = attributes.map((a) => /^\s*path=(.*)$/i.exec(a)?.[1]).find(Boolean) ?? '/';
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), path };
  });
}

/**
 * The run's player, signed up through /api/connect; `signIn` gives a fresh session's cookies.
 * Each signed-in page gets its own: a page renews its tokens (the refresh token rotates) or
 * signs out, and cookies set once for the run left a later page, or a later round, signed out
 * (its report showed the home page the guard sent it to).
 */
async function signUp(base: string): Promise<{ signIn: () => Promise<Cookie[]>; call: <T>(method: string, params?: Record<string, string | number>) => Promise<T> }> {
  const username = `bench${Date.now().toString(36)}`;
  const cookies = await signIn(base, username);
  const header = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const call = async <T>(method: string, params: Record<string, string | number> = {}): Promise<T> => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const reply = (await (await fetch(`${base}/api/method/${method}?${query}`, { headers: { cookie: header } })).json()) as Answer;
    if (reply.error !== undefined) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.response as T;
  };
  return { signIn: () => signIn(base, username), call };
}

/**
 * What the pages show: the player opens a few cases (so /inventory has items) and plays one
 * 2-seat battle against a bot to its end (its page is "a finished battle's page").
 */
async function setUpArena(call: <T>(method: string, params?: Record<string, string | number>) => Promise<T>): Promise<{ caseKey: string; battleHash: string }> {
  const { cases } = await call<{ cases: { key: string; hash: string }[] }>('case.getCases');
  const first = cases[0];
  if (!first) throw new Error('the catalog has no case');
  const { game: unbox } = await call<{ game: { token: string } }>('arena-unbox.create', { box_hash: first.hash, count: 5 });
  for (let roll = 0; roll < 5; roll++) await call('arena-unbox.roll', { token: unbox.token });
  const { game } = await call<{ game: { hash: string } }>('arena-battle.create', { scheme: `${first.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
  await call('arena-battle.callBots', { hash: game.hash });
  // Countdown and one round: about 9 s on the server's clock.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { game: now } = await call<{ game: { status: string } }>('arena.game', { hash: game.hash });
    if (now.status === 'finished') break;
    if (Date.now() > deadline) throw new Error(`battle ${game.hash} did not finish in 60 s (status ${now.status})`);
    await sleep(500);
  }
  return { caseKey: first.key, battleHash: game.hash.replace(/^SF0+/, 'SF') };
}

/** Options of a run: which pages (paths of LIGHTHOUSE_PAGES), how many rounds, which built client. */
export type LighthouseOptions = { pages?: string[]; runs?: number; staticDir?: string; cpuSlowdown?: number; tracesDir?: string };

/** Runs Lighthouse on each page; rows follow bench/lib/report.ts. */
export async function lighthouseBench(options: LighthouseOptions = {}): Promise<Section> {
  if (!options.staticDir) await buildIfNeeded();
  const runs = Math.max(1, options.runs ?? 5);
  if (options.tracesDir) mkdirSync(options.tracesDir, { recursive: true });
  const dataDir = makeTempDir('lighthouse');
  const server = await startServer({
    args: ['sim-server/main.ts'],
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', ...(options.staticDir ? { STATIC_DIR: resolve(options.staticDir) } : {}) },
    logDir: dataDir,
    name: 'lighthouse-server',
  });
  const base = `http://127.0.0.1:${server.port}`;
  const port = debuggingPort();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${port}`] });
  // The browser's default context (the one Lighthouse opens its tab in): cookies are set here.
  const cdp = await browser.newBrowserCDPSession();
  const reportDir = join(ROOT, 'bench', 'results', 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  try {
    const player = await signUp(base);
    const { caseKey, battleHash } = await setUpArena(player.call);
    const pages = (options.pages ?? LIGHTHOUSE_PAGES).toSorted((a, b) => Number(SIGNED_IN.has(a)) - Number(SIGNED_IN.has(b)));
    const all: PageFigures[][] = pages.map(() => []);
    const urlOf = (page: string) => `${base}${page.replace('{case}', caseKey).replace('{battle}', battleHash)}`;
    // Every load first, round by round; then every report with one slowdown.
    const loads: Gathered[][] = [];
    for (let round = 0; round < runs; round++) {
      // Each round starts as a visitor; Lighthouse clears caches and the service worker itself.
      await cdp.send('Storage.clearCookies', {});
      const roundLoads: Gathered[] = [];
      for (const page of pages) {
        if (SIGNED_IN.has(page)) {
          await cdp.send('Storage.clearCookies', {});
          await cdp.send('Storage.setCookies', { cookies: (await player.signIn()).map((c) => ({ ...c, domain: '127.0.0.1' })) });
        }
        roundLoads.push(await gather(urlOf(page), port));
      }
      loads.push(roundLoads);
    }
    const runIndex = median(loads.flat().map((load) => load.benchmarkIndex));
    const cpuSlowdown = options.cpuSlowdown ?? calibratedSlowdown(runIndex);
    process.stderr.write(`lighthouse: benchmark index ${fmt(runIndex)} (median of the run's loads), CPU slowed ${cpuSlowdown.toFixed(2)}x\n`);
    for (const [round, roundLoads] of loads.entries()) {
      for (const [index, page] of pages.entries()) {
        const url = urlOf(page);
        const name = page === '/' ? 'home' : page.slice(1).replace(/[^a-z0-9]+/gi, '-');
        const traceAs = options.tracesDir ? join(options.tracesDir, `${name}-${round + 1}.trace.json`) : undefined;
        const result = await auditLoad(url, port, roundLoads[index]!, cpuSlowdown, traceAs);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${lhr.runtimeError.message}`);
        writeFileSync(join(reportDir, `${name}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
        // A guard that sent the page elsewhere (a signed-out player on /inventory) would measure the wrong page.
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
          if (SIGNED_IN.has(page)) throw new Error(`lighthouse on ${page} ended on ${lhr.finalDisplayedUrl}: the player was signed out`);
          process.stderr.write(`lighthouse ${page} ended on ${lhr.finalDisplayedUrl}\n`);
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        all[index]!.push({
          page,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
          scriptMs: audit('bootup-time'),
          mainThreadMs: audit('mainthread-work-breakdown'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
        process.stderr.write(`lighthouse ${page} round ${round + 1}: ${all[index]!.at(-1)!.performance}, TBT ${fmt(all[index]!.at(-1)!.tbtMs)} ms\n`);
      }
    }
    const tbtSpread = (list: PageFigures[]) => {
      const tbts = list.map((f) => f.tbtMs);
      return tbts.length > 1 ? ` (${fmt(Math.min(...tbts))}-${fmt(Math.max(...tbts))})` : '';
    };
    const figures: PageFigures[] = all.map((list) => {
      const mid = (key: keyof Omit<PageFigures, 'page'>) => median(list.map((f) => f[key]));
      return {
        page: list[0]!.page,
        performance: mid('performance'),
        accessibility: mid('accessibility'),
        fcpMs: mid('fcpMs'),
        lcpMs: mid('lcpMs'),
        tbtMs: mid('tbtMs'),
        cls: mid('cls'),
        bytes: mid('bytes'),
        scriptMs: mid('scriptMs'),
        mainThreadMs: mid('mainThreadMs'),
        benchmarkIndex: mid('benchmarkIndex'),
      };
    });
    const label = (page: string) => `${page}${SIGNED_IN.has(page) ? ' (signed in)' : ''}`;
    const rows: Row[] = figures.flatMap((f, index) => [
      {
        benchmark: `Lighthouse mobile ${label(f.page)}: performance, TBT`,
        figure: `${fmt(f.performance)}, ${fmt(f.tbtMs)} ms${tbtSpread(all[index]!)}`,
        value: f.performance,
        unit: '/100, ms',
        target: `>= ${TARGET_PERFORMANCE}, <= ${TARGET_TBT_MS} ms`,
        verdict: judge(f.performance >= TARGET_PERFORMANCE && f.tbtMs <= TARGET_TBT_MS),
      },
      { benchmark: `Lighthouse mobile ${label(f.page)}: FCP`, figure: (f.fcpMs / 1000).toFixed(1), value: f.fcpMs, unit: 's', target: '', verdict: '' },
      { benchmark: `Lighthouse mobile ${label(f.page)}: LCP`, figure: (f.lcpMs / 1000).toFixed(1), value: f.lcpMs, unit: 's', target: `<= ${TARGET_LCP_MS / 1000} s`, verdict: judge(f.lcpMs <= TARGET_LCP_MS) },
      { benchmark: `Lighthouse mobile ${label(f.page)}: accessibility`, figure: String(f.accessibility), value: f.accessibility, unit: '/100', target: `= ${TARGET_ACCESSIBILITY}`, verdict: judge(f.accessibility >= TARGET_ACCESSIBILITY) },
    ]);
    const notes = [
      `Lighthouse 13 mobile preset (slow 4G, simulated) on a fresh database, ${runs === 1 ? 'one run per page' : `median of ${runs} rounds per page, TBT's lowest and highest in brackets`}; the last reports in bench/results/lighthouse/. /battle/{battle} is a finished 2-seat battle of the run's player; /wallet and /inventory are measured signed in (5 items dropped). Bytes moved: ${figures.map((f) => `${f.page} ${fmt(f.bytes / 1024)} KiB`).join(', ')}; script main-thread time (bootup-time): ${figures.map((f) => `${f.page} ${fmt(f.scriptMs)} ms`).join(', ')}; CLS: ${figures.map((f) => `${f.page} ${f.cls.toFixed(3)}`).join(', ')}.`,
      `CPU slowed ${cpuSlowdown.toFixed(2)}x${options.cpuSlowdown === undefined ? `, calibrated to this machine: Lighthouse's CPU benchmark read a median ${fmt(runIndex)} over the run's loads (4x is the preset's slowdown on its reference host of 1,533)` : ''}. Each page's reading: ${figures.map((f) => `${f.page} ${fmt(f.benchmarkIndex)}`).join(', ')} (median per page).`,
    ];
    return { rows, notes, details: { runs, figures, all }, fatal: false };
  } finally {
    await browser.close();
    await server.stop();
    removeTempDir(dataDir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone((flag) => lighthouseBench({ runs: flag('--runs') === undefined ? undefined : Number(flag('--runs')), tracesDir: flag('--traces'), staticDir: flag('--static'), pages: flag('--pages')?.split(','), cpuSlowdown: flag('--cpu') === undefined ? undefined : Number(flag('--cpu')) }));
