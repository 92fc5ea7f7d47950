/**
 * Fairness worker throughput (docs/design.md section 14): tickets verified per second by the real,
 * bundled fairness worker in headless Chromium through Comlink, with the pure-JS HMAC
 * (@noble/hashes, the one the worker uses) and with WebCrypto, against Node's native HMAC in
 * this same run. The batch is what a verify page checks: many nonces over a few keys.
 */
import { createHmac } from 'node:crypto';
import { chromium } from '@playwright/test';
import { verifyTickets } from '../src/core/replay.ts';
import type { TicketClaim } from '../src/core/ticket-pack.ts';
import { buildGfxPage, GFX_CHROMIUM_ARGS, serveDir } from '../tests/e2e/fixtures/gfx/build.ts';
import { CHROMIUM_PATH } from '../scripts/chromium.ts';
import { markDisturbed, watchBrowserCpu } from './browser-cpu.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

/** How big a run is. */
export type WorkersBenchOptions = { tickets: number; runs: number };

const TARGET = 0.5;

function nativeTicket(key: string, clientSeed: string, nonce: number, max: number): number {
  const hex = createHmac('sha256', key).update(`${clientSeed}-${nonce}`).digest('hex');
  return (Number.parseInt(hex.slice(0, 7), 16) % max) + 1;
}

/** Honest claims over four keys (seed pairs or beacons), 1000 nonces each in turn. */
function makeBatch(count: number): TicketClaim[] {
  const keys = ['a', 'b', 'c', 'd'].map((k) => createHmac('sha256', 'bench').update(k).digest('hex'));
  return Array.from({ length: count }, (_, i) => {
    const key = keys[Math.floor(i / 1000) % keys.length]!;
    const clientSeed = 'Xk29fPq0Zr';
    return { key, client_seed: clientSeed, nonce: i, max: 100_000, ticket: nativeTicket(key, clientSeed, i, 100_000) };
  });
}

// Best of `runs` timed passes of `pass`, as tickets per second.
function bestRate(count: number, runs: number, pass: () => boolean): { perSecond: number; ok: boolean } {
  let best = 0;
  let ok = true;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    ok &&= pass();
    best = Math.max(best, (count * 1000) / (performance.now() - started));
  }
  return { perSecond: best, ok };
}

/** Runs the benchmark; rows follow bench/lib/report.ts. */
export async function workersBench(options: WorkersBenchOptions): Promise<Section> {
  const batch = makeBatch(options.tickets);
  const site = await serveDir(await buildGfxPage());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: GFX_CHROMIUM_ARGS });
  // Node's figures and the worker's are taken in this one window, so one noise check covers both.
  const cpu = watchBrowserCpu();
  // Node's native HMAC: one createHmac per ticket, as a verifier on the server would.
  bestRate(Math.min(20_000, batch.length), 1, () => batch.slice(0, 20_000).every((c) => nativeTicket(c.key, c.client_seed, c.nonce, c.max!) === c.ticket));
  const native = bestRate(batch.length, options.runs, () => batch.every((c) => nativeTicket(c.key, c.client_seed, c.nonce, c.max!) === c.ticket));
  const nodeNoble = bestRate(batch.length, options.runs, () => verifyTickets(batch).ok);

  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.waitForFunction(() => 'gfx' in window);
    const noble = await page.evaluate(([b, runs]) => window.gfx.benchTickets(b, 'noble', runs), [batch, options.runs] as const);
    const webcrypto = await page.evaluate((runs) => window.gfx.benchTickets(null, 'webcrypto', runs), options.runs);
    const faster = noble.roundTripPerSecond >= webcrypto.roundTripPerSecond ? 'noble' : 'webcrypto';
    const ratio = noble.roundTripPerSecond / native.perSecond;
    const ok = native.ok && nodeNoble.ok && noble.ok && webcrypto.ok;
    const noise = cpu.stop();
    const rows: Row[] = markDisturbed([
      { benchmark: 'Tickets, Node native HMAC (createHmac)', figure: fmt(native.perSecond), value: native.perSecond, unit: 'tickets/s', target: 'baseline', verdict: '1.00' },
      {
        benchmark: 'Tickets, worker + Comlink, @noble/hashes',
        figure: fmt(noble.roundTripPerSecond),
        value: noble.roundTripPerSecond,
        unit: 'tickets/s',
        target: `>= ${TARGET} x native`,
        verdict: `${ratio.toFixed(2)} ${judge(ratio >= TARGET && ok)}`,
      },
      {
        benchmark: 'Tickets, worker + Comlink, WebCrypto',
        figure: fmt(webcrypto.roundTripPerSecond),
        value: webcrypto.roundTripPerSecond,
        unit: 'tickets/s',
        target: 'vs noble in worker',
        verdict: `${(webcrypto.roundTripPerSecond / noble.roundTripPerSecond).toFixed(2)} (kept: ${faster})`,
      },
    ], noise.disturbed);
    const notes = [
      `Workers: ${fmt(batch.length)} tickets over 4 keys, best of ${options.runs}; Chromium worker time alone: noble ${fmt(noble.workerPerSecond)}/s, WebCrypto ${fmt(webcrypto.workerPerSecond)}/s; @noble/hashes in Node's main thread ${fmt(nodeNoble.perSecond)}/s (${(nodeNoble.perSecond / native.perSecond).toFixed(2)} x native). The keyed HMAC state is computed once per key and cloned per ticket (src/core/fair-ticket.ts).`,
      ...(ok ? [] : ['Workers: WRONG RESULT: a batch of honest tickets did not verify']),
      ...(noise.disturbed ? [`workers: DISTURBED: other processes used ${noise.otherCpuPercent.toFixed(0)}% of a CPU on average (Chromium's own ${noise.browserCpuSeconds.toFixed(1)} CPU s not counted as other); rerun on a quiet machine`] : []),
    ];
    return { rows, notes, details: { options, native, nodeNoble, noble, webcrypto, faster, ...noise }, fatal: !ok, noiseChecked: true };
  } finally {
    cpu.stop();
    await browser.close();
    await site.close();
  }
}
