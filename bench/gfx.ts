/**
 * Roulette frame cost (docs/design.md section 14): main-thread CPU time per frame, from the start of
 * a tick to the end of the render call, while the real roulette scene spins in headless
 * Chromium (WebGL on SwiftShader), in normal and in performance mode. SwiftShader draws on the
 * CPU in another process, so the figures compare the two modes in one run; they are not a
 * GPU machine's frame times.
 */
import { chromium } from '@playwright/test';
import { buildGfxPage, GFX_CHROMIUM_ARGS, serveDir } from '../tests/e2e/fixtures/gfx/build.ts';
import { CHROMIUM_PATH } from '../scripts/chromium.ts';
import { markDisturbed, watchBrowserCpu } from './browser-cpu.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

/** How big a run is. */
export type GfxBenchOptions = { spins: number };

/** Hops measured per mode, and issue 16's budget for the chicken scene. */
const CHICKEN_HOPS = 20;
const CHICKEN_BUDGET_MS = 4;

/** Issue 15's budget for the card pack roulette. */
const PACK_BUDGET_MS = 4;
/**
 * Frames a pack row needs before its p95 means anything: a p95 of a handful of frames (the
 * page at 0.5 fps on a loaded machine) is the slowest frame or two, so such a row is not judged.
 */
const PACK_MIN_FRAMES = 120;

/** A 60 fps frame. */
const FRAME_BUDGET_MS = 1000 / 60;

type FrameStats = { frames: number; p50: number; p95: number; mean: number };

/** Runs the benchmark; rows follow bench/lib/report.ts. */
export async function gfxBench(options: GfxBenchOptions): Promise<Section> {
  const site = await serveDir(await buildGfxPage());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: GFX_CHROMIUM_ARGS });
  const cpu = watchBrowserCpu();
  try {
    const measure = async (performanceMode: boolean): Promise<FrameStats & { fps: number; resolution: number; antialias: boolean | null }> => {
      // A 2x screen, as on most laptops and phones: normal mode draws at 2x, performance mode at 1x.
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 });
      await page.goto(site.url);
      await page.waitForFunction(() => 'gfx' in window);
      const info = await page.evaluate((p) => window.gfx.setup({ performance: p, reducedMotion: false }), performanceMode);
      // One fast spin first: textures, atlas and shaders are made then, not during the measure.
      await page.evaluate(() => window.gfx.frameTimes(1, { fast: true }));
      const started = Date.now();
      const stats = await page.evaluate((spins) => window.gfx.frameTimes(spins, {}), options.spins);
      const fps = (stats.frames * 1000) / (Date.now() - started);
      await page.close();
      return { ...stats, fps, resolution: info.resolution, antialias: info.antialias };
    };
    const normal = await measure(false);
    const perf = await measure(true);
    // Catch the Chicken's road: hops, coin bursts and the car, in both modes.
    const chicken = async (performanceMode: boolean): Promise<FrameStats> => {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 });
      await page.goto(site.url);
      await page.waitForFunction(() => 'gfx' in window);
      await page.evaluate((p) => window.gfx.chickenFrameTimes(3, { performance: p }), performanceMode);
      const stats = await page.evaluate(({ p, hops }) => window.gfx.chickenFrameTimes(hops, { performance: p }), { p: performanceMode, hops: CHICKEN_HOPS });
      await page.close();
      return stats;
    };
    const chickenNormal = await chicken(false);
    const chickenPerf = await chicken(true);
    // The card pack roulette (issue 15): the roulette scene on a stage the pack modal's size,
    // avatar and pattern pools in turn (at least one spin of each), after one warm-up spin.
    const packSpins = Math.max(2, options.spins);
    const pack = async (performanceMode: boolean): Promise<FrameStats & { fps: number }> => {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 });
      await page.goto(site.url);
      await page.waitForFunction(() => 'gfx' in window);
      await page.evaluate((p) => window.gfx.packFrameTimes(1, { performance: p }), performanceMode);
      const stats = await page.evaluate(({ p, spins }) => window.gfx.packFrameTimes(spins, { performance: p }), { p: performanceMode, spins: packSpins });
      await page.close();
      return stats;
    };
    const packNormal = await pack(false);
    const packPerf = await pack(true);
    const row = (mode: string, stat: 'p50' | 'p95', s: FrameStats, base: FrameStats | null): Row => ({
      benchmark: `Roulette frame CPU ${stat}, ${mode}`,
      figure: s[stat].toFixed(2),
      value: s[stat],
      unit: 'ms',
      target: base ? `vs normal ${stat}` : `<= ${FRAME_BUDGET_MS.toFixed(1)} ms`,
      verdict: base ? (s[stat] / base[stat]).toFixed(2) : judge(s[stat] <= FRAME_BUDGET_MS),
    });
    const noise = cpu.stop();
    const chickenRow = (mode: string, s: FrameStats): Row => ({
      benchmark: `Chicken frame CPU p95, ${mode}`,
      figure: s.p95.toFixed(2),
      value: s.p95,
      unit: 'ms',
      target: `< ${CHICKEN_BUDGET_MS} ms`,
      verdict: judge(s.p95 < CHICKEN_BUDGET_MS),
    });
    const packRow = (mode: string, s: FrameStats & { fps: number }): Row => ({
      benchmark: `Pack roulette frame CPU p95, ${mode}`,
      figure: s.p95.toFixed(2),
      value: s.p95,
      unit: 'ms',
      target: `< ${PACK_BUDGET_MS} ms`,
      verdict: s.frames >= PACK_MIN_FRAMES ? judge(s.p95 < PACK_BUDGET_MS) : `n/a (${fmt(s.frames)} frames at ${s.fps.toFixed(1)} fps: too few; rerun quiet)`,
    });
    const rows: Row[] = markDisturbed(
      [
        row('normal', 'p50', normal, null), row('normal', 'p95', normal, null), row('performance', 'p50', perf, normal), row('performance', 'p95', perf, normal),
        chickenRow('normal', chickenNormal), chickenRow('performance', chickenPerf),
        packRow('normal', packNormal), packRow('performance', packPerf),
      ],
      noise.disturbed,
    );
    const notes = [
      `Gfx: ${options.spins} spin(s) of 6 s per mode, 1920x1080 page at device scale 2, headless Chromium (SwiftShader WebGL, drawn on the CPU in the GPU process); normal: ${fmt(normal.frames)} frames, ${normal.fps.toFixed(1)} fps, resolution ${normal.resolution}, antialias ${String(normal.antialias)}, mean ${normal.mean.toFixed(2)} ms; performance: ${fmt(perf.frames)} frames, ${perf.fps.toFixed(1)} fps, resolution ${perf.resolution}, antialias ${String(perf.antialias)}, mean ${perf.mean.toFixed(2)} ms.`,
      `Chicken: ${CHICKEN_HOPS} hops on the high-risk road (a coin burst every fifth, the car on the last), same page and scale; normal: ${fmt(chickenNormal.frames)} frames, p50 ${chickenNormal.p50.toFixed(2)} ms, mean ${chickenNormal.mean.toFixed(2)} ms; performance: ${fmt(chickenPerf.frames)} frames, p50 ${chickenPerf.p50.toFixed(2)} ms, mean ${chickenPerf.mean.toFixed(2)} ms.`,
      `Pack: ${packSpins} spins per mode after a warm-up (avatar and pattern packs in turn, a pool of 20 by their odds), on a ${752 - 66} px stage as in the 752 px pack modal, same device scale; normal: ${fmt(packNormal.frames)} frames at ${packNormal.fps.toFixed(1)} fps, p50 ${packNormal.p50.toFixed(2)} ms, mean ${packNormal.mean.toFixed(2)} ms; performance: ${fmt(packPerf.frames)} frames at ${packPerf.fps.toFixed(1)} fps, p50 ${packPerf.p50.toFixed(2)} ms, mean ${packPerf.mean.toFixed(2)} ms. A row with fewer than ${PACK_MIN_FRAMES} frames is not judged.`,
      ...(noise.disturbed ? [`gfx: DISTURBED: other processes used ${noise.otherCpuPercent.toFixed(0)}% of a CPU on average (Chromium's own ${noise.browserCpuSeconds.toFixed(1)} CPU s not counted as other); rerun on a quiet machine`] : []),
    ];
    return { rows, notes, details: { options, normal, performance: perf, chicken: { normal: chickenNormal, performance: chickenPerf }, pack: { normal: packNormal, performance: packPerf }, ...noise }, fatal: false, noiseChecked: true };
  } finally {
    cpu.stop();
    await browser.close();
    await site.close();
  }
}
