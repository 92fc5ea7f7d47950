// The roulette scene, the one renderer and the fairness worker in Debian's Chromium (WebGL on
// SwiftShader), on a small page built from the real modules (tests/e2e/fixtures/gfx). The
// scene's state is read from window.gfx; screenshots go to test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { craftBattle, craftUnbox } from '../unit/replay-fixtures.ts';
import { buildGfxPage, GFX_CHROMIUM_ARGS, PAGE_ITEMS, serveDir } from './fixtures/gfx/build.ts';
import { CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { FULL_MOTION } from './fixtures.ts';

const SHOTS = 'test-results/screenshots';
const KNIFE = PAGE_ITEMS.find((item) => item.rarity === 'orange')!;
const PINK = PAGE_ITEMS.find((item) => item.rarity === 'pink')!;
/** The strip's band on a 1920-wide page. */
const BAND = { x: 0, y: 0, width: 1920, height: 320 };

test.use({ ...FULL_MOTION, launchOptions: { executablePath: CHROMIUM_PATH, args: GFX_CHROMIUM_ARGS } });
test.describe.configure({ mode: 'serial' });

let site: Awaited<ReturnType<typeof serveDir>>;
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  site = await serveDir(await buildGfxPage());
});
test.afterAll(() => site.close());

async function open(page: Page, options: { performance?: boolean; reducedMotion?: boolean | null; scale?: number } = {}) {
  await page.goto(site.url);
  await page.waitForFunction(() => 'gfx' in window);
  return page.evaluate((o) => window.gfx.setup(o), options);
}

test('the roulette spins 4000-5000 px for 5 s and settles centred on the item the server chose', async ({ page }) => {
  test.setTimeout(90_000);
  const renderer = await open(page);
  expect(renderer).toMatchObject({ name: 'webgl', type: 1, antialias: true, canvases: 1, scale: 1, width: 1920 });

  const result = await page.evaluate((hash) => window.gfx.spin(hash, { seed: 'drop-SF0000004242' }), KNIFE.hash);
  expect(result).toMatchObject({ item: { hash: KNIFE.hash }, skipped: false });
  const done = await page.evaluate(() => window.gfx.state()!);
  expect(done.phase).toBe('settled');
  expect(done.landed).toEqual({ index: result.index, hash: KNIFE.hash });
  expect(done.markerHash).toBe(KNIFE.hash);
  expect(Math.abs(done.offCentre!)).toBeLessThan(1e-6);
  expect(done.plan).toMatchObject({ spinMs: 5_000, settleMs: 1_000, landingIndex: result.index, sparks: 44 });
  expect(done.plan!.travel).toBeGreaterThanOrEqual(4_000);
  expect(done.plan!.travel).toBeLessThanOrEqual(5_000);
  expect(done.ticks).toBeGreaterThan(15);
  expect(done.art).toEqual({ textures: PAGE_ITEMS.length, atlas: 'runtime', failed: 0, packed: 1 });
  // The orange knife sparkles right after the settle, and the sparks are gone within the 10 s cleaner.
  expect(done.particles).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/roulette-settled-desktop.png`, clip: BAND });
  await page.waitForFunction(() => window.gfx.state()!.particles === 0, undefined, { timeout: 15_000 });
});

test('mid-spin the strip shows only the cards in view; skipping lands on the chosen item without sparks', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page);
  const spinning = page.evaluate((hash) => window.gfx.spin(hash, { seed: 'slow', durationMs: 60_000 }), PINK.hash);
  await page.waitForFunction(() => window.gfx.state()?.phase === 'spinning');
  await page.waitForTimeout(1_500);
  const mid = await page.evaluate(() => window.gfx.state()!);
  expect(mid.phase).toBe('spinning');
  expect(mid.visibleCards).toBeGreaterThan(10);
  expect(mid.visibleCards).toBeLessThan(15);
  expect(mid.markerIndex).toBeGreaterThan(6);
  await page.screenshot({ path: `${SHOTS}/roulette-spinning-desktop.png`, clip: BAND });
  await page.evaluate(() => window.gfx.skip());
  expect(await spinning).toMatchObject({ item: { hash: PINK.hash }, skipped: true });
  const skipped = await page.evaluate(() => window.gfx.state()!);
  expect(skipped).toMatchObject({ phase: 'settled', landed: { hash: PINK.hash }, particles: 0 });
  // A strip is some thirty cards; the scene holds only those a 1920 px band shows (178 px apart),
  // and the next spin draws its strip with the same ones.
  const inView = Math.ceil(1920 / 178) + 1;
  expect(skipped.plan!.length).toBeGreaterThan(2 * inView);
  expect(skipped.cards).toBeLessThanOrEqual(inView);
  await page.evaluate((hash) => window.gfx.spin(hash, { seed: 'again', fast: true }), KNIFE.hash);
  const again = await page.evaluate(() => window.gfx.state()!);
  expect(again).toMatchObject({ phase: 'settled', landed: { hash: KNIFE.hash }, markerHash: KNIFE.hash });
  expect(again.cards).toBeLessThanOrEqual(inView);
});

test('art prepared before the first spin is the art it spins with: no second atlas, and it lands on its item', async ({ page }) => {
  await open(page);
  const prepared = await page.evaluate(() => window.gfx.prepare());
  expect(prepared).toMatchObject({ phase: 'idle', spins: 0, art: { textures: PAGE_ITEMS.length, atlas: 'runtime', failed: 0, packed: 1 } });
  const result = await page.evaluate((hash) => window.gfx.spin(hash, { fast: true }), PINK.hash);
  expect(result.item.hash).toBe(PINK.hash);
  expect(await page.evaluate(() => window.gfx.state()!)).toMatchObject({ phase: 'settled', landed: { hash: PINK.hash }, art: { textures: PAGE_ITEMS.length, packed: 1 } });

  // A spin asked for while the preparation still loads waits for it and packs nothing of its own.
  await open(page);
  const [, raced] = await Promise.all([page.evaluate(() => window.gfx.prepare()), page.evaluate((hash) => window.gfx.spin(hash, { fast: true }), KNIFE.hash)]);
  expect(raced.item.hash).toBe(KNIFE.hash);
  expect(await page.evaluate(() => window.gfx.state()!)).toMatchObject({ phase: 'settled', landed: { hash: KNIFE.hash }, art: { textures: PAGE_ITEMS.length, packed: 1 } });
});

test('on a phone the cards scale down; with reduced motion the result shows at once', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const renderer = await open(page);
  expect(renderer).toMatchObject({ scale: 0.5, width: 390 });
  const started = Date.now();
  const result = await page.evaluate((hash) => window.gfx.spin(hash, { seed: 'drop-SF0000000777' }), PINK.hash);
  // No animation to wait for: the answer takes only the art's loading.
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(result.item.hash).toBe(PINK.hash);
  const state = await page.evaluate(() => window.gfx.state()!);
  expect(state).toMatchObject({ phase: 'settled', landed: { hash: PINK.hash }, particles: 0, ticks: 0, plan: { travel: 0, spinMs: 0, settleMs: 0, sparks: 0 } });
  expect(Math.abs(state.offCentre!)).toBeLessThan(1e-6);
  await page.screenshot({ path: `${SHOTS}/roulette-reduced-mobile.png` });
});

test('performance mode drops antialias, resolution and sparks; a fast spin lands on the chosen item', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const renderer = await open(page, { performance: true });
  expect(renderer).toMatchObject({ name: 'webgl', antialias: false, resolution: 1 });
  const result = await page.evaluate((hash) => window.gfx.spin(hash, { seed: 'perf', fast: true }), KNIFE.hash);
  expect(result.item.hash).toBe(KNIFE.hash);
  const state = await page.evaluate(() => window.gfx.state()!);
  expect(state).toMatchObject({ phase: 'settled', particles: 0, plan: { spinMs: 2_000, settleMs: 400, sparks: 0 } });
  await page.screenshot({ path: `${SHOTS}/roulette-performance.png`, clip: { x: 0, y: 0, width: 1280, height: 320 } });
});

test('a draw call samples at most four textures, and every texture still draws as itself', async ({ page }) => {
  // PixiJS would batch as many as the GPU has units (32 under SwiftShader), which made every
  // pixel of a scene run a 32-way chain in the shader (render-policy.ts).
  const renderer = await open(page);
  expect(renderer.textureUnits).toBeGreaterThan(4);
  expect(renderer.batchTextures).toBe(4);
  // Nine textures: three batches, the last of one. Each square reads back as its own colour.
  const colours = [0xff0000, 0x00ff00, 0x0000ff, 0xffff00, 0xff00ff, 0x00ffff, 0xffffff, 0x808000, 0x000080];
  expect(await page.evaluate((c) => window.gfx.swatches(c), colours)).toEqual(colours);
});

test('work nobody waits for holds off while a game animates and runs once it ends', async ({ page }) => {
  // An offline copy or the update check, run at the first idle moment alone, landed between a
  // game's frames on a slow phone (src/ui/activity.ts whenQuiet).
  await page.goto(site.url);
  await page.waitForFunction(() => 'gfx' in window);
  expect(await page.evaluate(() => window.gfx.quietGate())).toEqual({ whileAnimating: false, afterwards: true });
});

test('with nothing animating the renderer asks for no display frame; animating, it draws at its cap', async ({ page }) => {
  // PixiJS's scheduler kept its system ticker asking for every display frame for the life of the
  // page, a main-thread frame 60 times a second with nothing to draw (renderer.ts).
  await page.goto(site.url);
  await page.waitForFunction(() => 'gfx' in window);
  const { askedIdle, drawn, meanIntervalMs } = await page.evaluate(() => window.gfx.pacing(25, 1_500));
  expect(askedIdle).toBe(0);
  expect(drawn).toBeGreaterThanOrEqual(5);
  // Capped at 25 fps: frames at a 60 Hz display's 33 and 50 ms, 40 on average (a busy machine only lengthens them).
  expect(meanIntervalMs).toBeGreaterThanOrEqual(36);
});

test('switching performance mode on a live 2x renderer drops its resolution at once and keeps the landing', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  expect(await open(page)).toMatchObject({ resolution: 2, antialias: true });
  expect(await page.evaluate(() => window.gfx.setPerformance(true))).toMatchObject({ resolution: 1, canvases: 1 });
  const result = await page.evaluate((hash) => window.gfx.spin(hash, { seed: 'switch', durationMs: 300 }), PINK.hash);
  expect(result.item.hash).toBe(PINK.hash);
  expect(await page.evaluate(() => window.gfx.state()!)).toMatchObject({ landed: { hash: PINK.hash }, plan: { sparks: 0 } });
  expect(await page.evaluate(() => window.gfx.setPerformance(false))).toMatchObject({ resolution: 2 });
  await context.close();
});

test('leaving and returning keeps the one Application and one canvas; every spin lands on its item', async ({ page }) => {
  test.setTimeout(60_000);
  await open(page);
  for (const [i, item] of PAGE_ITEMS.slice(0, 4).entries()) {
    const moved = await page.evaluate(() => window.gfx.navigate());
    expect(moved).toEqual({ sameApplication: true, canvases: 1 });
    const result = await page.evaluate(([hash, seed]) => window.gfx.spin(hash!, { seed, durationMs: 300 }), [item.hash, `nav-${i}`]);
    expect(result.item.hash).toBe(item.hash);
    expect((await page.evaluate(() => window.gfx.state()!)).landed?.hash).toBe(item.hash);
  }
});

test('the bundled fairness worker replays records and checks tickets with both HMACs', async ({ page }) => {
  await open(page);
  const battle = craftBattle({ seats: 3, rounds: 5, options: { kings: 2 } });
  expect(await page.evaluate((record) => window.gfx.replay(record), battle)).toMatchObject({ ok: true, complete: true, kind: 'battle' });
  const tampered = structuredClone(battle);
  tampered.game.outcome!.winners = [9];
  const report = await page.evaluate((record) => window.gfx.replay(record), tampered);
  expect(report.mismatches.map((m) => m.message)).toEqual([`outcome: winners [9] recorded, ${JSON.stringify(battle.game.outcome!.winners)} computed`]);
  expect(await page.evaluate((record) => window.gfx.replay(record), craftUnbox(10))).toMatchObject({ ok: true, kind: 'unbox' });

  const unbox = craftUnbox(50);
  const batch = unbox.drops.map((d) => ({ key: d.server_seed!, client_seed: d.client_seed, nonce: d.nonce, max: 100_000, ticket: d.ticket }));
  batch[3] = { ...batch[3]!, ticket: batch[3]!.ticket === 1 ? 2 : 1 };
  for (const engine of ['noble', 'webcrypto'] as const) {
    const checked = await page.evaluate(([b, e]) => window.gfx.verify(b, e), [batch, engine] as const);
    expect(checked).toMatchObject({ ok: false, checked: 50, engine, mismatches: [{ index: 3 }] });
  }
});

test('battle reels land every seat on its drop, round after round, drawing only the cards in view', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(site.url);
  await page.waitForFunction(() => 'gfx' in window);
  // The phone's reel area: four columns of 84 px; cards some 75 px apart, so a reel's 300 px
  // band shows at most five, and a sixth as one scrolls out and the next in.
  const area = { width: 358, height: 300 };
  const inView = 4 * 6;
  const round = (winners: string[], seed: string, durationMs: number) => page.evaluate(([w, o]) => window.gfx.battleRound(w, o), [winners, { seed, ...area, durationMs }] as const);

  // Before the first round, as the page readies it: every reel's cards made and in its strip,
  // none of them in view, and no more than a round will hold.
  const ready = await page.evaluate((size) => window.gfx.battlePreload({ columns: 4, ...size }), area);
  expect(ready).toMatchObject({ phase: 'idle', spins: 0, reels: 4, shown: [null, null, null, null] });
  expect(ready.cards).toBeGreaterThanOrEqual(4 * 4);
  expect(ready.cards).toBeLessThanOrEqual(inView);

  const first = PAGE_ITEMS.slice(0, 4).map((item) => item.hash);
  const one = await round(first, 'round-1', 600);
  expect(one).toMatchObject({ phase: 'settled', reels: 4, landed: first, shown: first });
  // A strip is some sixty cards; a reel holds only those its band shows.
  expect(one.cards).toBeLessThanOrEqual(inView);

  // The next round draws its own drops with the same cards.
  const second = PAGE_ITEMS.slice(4, 8).map((item) => item.hash);
  const two = await round(second, 'round-2', 600);
  expect(two).toMatchObject({ phase: 'settled', spins: 2, landed: second, shown: second });
  expect(two.cards).toBeLessThanOrEqual(inView);

  // Mid-spin every reel has a card across its marker; skipped, each lands on its drop.
  const third = [KNIFE.hash, PINK.hash, KNIFE.hash, PINK.hash];
  const spinning = round(third, 'round-3', 60_000);
  await page.waitForFunction(() => window.gfx.battleState()?.spins === 3 && window.gfx.battleState()?.phase === 'spinning');
  await page.waitForFunction(() => (window.gfx.battleState()?.shown ?? []).every((hash) => hash !== null));
  await page.screenshot({ path: `${SHOTS}/battle-reels-spinning-mobile.png`, clip: { x: 0, y: 0, width: 390, height: 360 } });
  await page.evaluate(() => window.gfx.skip());
  expect(await spinning).toMatchObject({ phase: 'settled', landed: third, shown: third });
  await page.screenshot({ path: `${SHOTS}/battle-reels-settled-mobile.png`, clip: { x: 0, y: 0, width: 390, height: 360 } });
});
