// The stored settings that had no effect (document 1 section 3: fps_limit, lightning_plus,
// auto_spin, messages_mute, parallax), each from its control in the settings to what the player
// sees; an FPS limit out of range is refused with its reason and changes nothing. Screenshots
// go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, arenaStored, callAsPlayer, header, newPlayerName, settled, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });
async function openSettings(page: Page): Promise<void> {
  // The panel may still be open: a modal that came up over it (a level reached by the test's
  // wagers) takes the Esc that closes it, and a press on the button would then close it.
  const button = header(page).getByRole('button', { name: 'Settings' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(settings(page)).toBeVisible();
}
/** Sets a switch of the settings popover and closes it. */
async function setSwitch(page: Page, name: RegExp, on: boolean): Promise<void> {
  await openSettings(page);
  const toggle = settings(page).getByRole('switch', { name });
  await toggle.setChecked(on, { force: true });
  await expect(toggle).toBeChecked({ checked: on });
  await page.keyboard.press('Escape');
}

/**
 * A setting as IndexedDB keeps it (undefined until it is written): a switch changes the page at
 * once and is saved after, so a test that loads another page first waits for the save.
 */
const savedSetting = async (page: Page, key: string) => ((await arenaStored(page, 'settings', key)) as { value?: unknown } | undefined)?.value;

const stage = (page: Page) => page.getByRole('region', { name: 'Roulette' });
const cheapest = async (page: Page) => (await callAsPlayer<{ cases: { key: string; hash: string; price: number }[] }>(page, 'case.getCases')).cases.toSorted((a, b) => a.price - b.price)[0]!;

/**
 * Counts the browser's animation frames while the case roulette spins, and those in which the
 * page drew with WebGL (every draw call marks its frame). Installed before the app runs, so
 * PixiJS's context is the wrapped one. The share of frames drawn, not frames per second, is what
 * a busy machine leaves alone: it slows the browser's frames and the drawn ones alike. Frames
 * after the spin landed are not counted: the renderer rightly stops drawing then, and a busy
 * machine that starts the test's window late would otherwise see a share it did not cause.
 */
async function countFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = { frames: 0, drawn: 0, drew: false };
    (window as unknown as { frameCounter: typeof counter }).frameCounter = counter;
    const original = HTMLCanvasElement.prototype.getContext;
    const counted = new WeakSet<object>();
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      const context = (original as (...args: unknown[]) => unknown).call(this, type, ...rest) as Record<string, unknown> | null;
      if (context && (type === 'webgl2' || type === 'webgl') && !counted.has(context)) {
        counted.add(context);
        for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
          const draw = context[name] as ((...args: unknown[]) => unknown) | undefined;
          if (draw) context[name] = function (this: unknown, ...args: unknown[]) {
            counter.drew = true;
            return draw.apply(this, args);
          };
        }
      }
      return context;
    } as typeof original;
    const spinning = () => document.querySelector<HTMLElement>('.unbox-stage')?.dataset.phase === 'spinning';
    const tick = () => {
      if (spinning()) {
        counter.frames += 1;
        if (counter.drew) counter.drawn += 1;
      }
      counter.drew = false;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Over `ms` while the roulette spins: frames drawn per second, and the share of the browser's frames drawn. */
async function drawing(page: Page, ms = 2_500): Promise<{ perSecond: number; share: number; browserPerSecond: number }> {
  const read = () => page.evaluate(() => ({ ...(window as unknown as { frameCounter: { frames: number; drawn: number } }).frameCounter }));
  const from = await read();
  const started = Date.now();
  await page.waitForTimeout(ms);
  const to = await read();
  const seconds = (Date.now() - started) / 1000;
  const frames = to.frames - from.frames;
  return { perSecond: (to.drawn - from.drawn) / seconds, share: frames === 0 ? 0 : (to.drawn - from.drawn) / frames, browserPerSecond: frames / seconds };
}

async function signedIn(browser: Browser, prefix: string, viewport = { width: 1920, height: 1080 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName(prefix));
  return { context, page };
}

test('FPS limit: out of range is refused with its reason; a cap of 15 slows the roulette\'s frames, none lifts it; remembered', async ({ browser }) => {
  test.setTimeout(120_000);
  // A laptop-sized window: a smaller canvas than 1920, so the software renderer can outrun the cap.
  const { context, page } = await signedIn(browser, 'fps', { width: 1280, height: 800 });
  await countFrames(page);
  await page.goto('/');
  await appRunning(page);
  await openSettings(page);
  const field = settings(page).getByRole('spinbutton', { name: /FPS limit/ });
  await expect(field).toHaveValue('0');
  for (const bad of ['5', '241', '30.5']) {
    await field.fill(bad);
    await field.press('Enter');
    await expect(settings(page).getByRole('alert')).toHaveText('FPS limit: 0 (no limit) or a whole number from 15 to 240');
  }
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/settings-fps-error-desktop.png` });
  await field.fill('15');
  await field.press('Enter');
  await expect(settings(page).getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Remembered, and the refused values never stored.
  await page.reload();
  await appRunning(page);
  await openSettings(page);
  await expect(settings(page).getByRole('spinbutton', { name: /FPS limit/ })).toHaveValue('15');
  await page.keyboard.press('Escape');
  await setSwitch(page, /^Lightning\b(?!\+)/, false);

  const box = await cheapest(page);
  const created = await callAsPlayer<{ path: string }>(page, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
  await page.goto(created.path);
  await expect(stage(page)).toHaveAttribute('data-phase', 'spinning', { timeout: 20_000 });
  const capped = await drawing(page);
  await expect(stage(page)).toHaveAttribute('data-phase', 'revealed', { timeout: 15_000 });

  await openSettings(page);
  const again = settings(page).getByRole('spinbutton', { name: /FPS limit/ });
  await again.fill('0');
  await again.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(stage(page)).toHaveAttribute('data-phase', 'spinning');
  const free = await drawing(page);
  console.log(`while spinning: capped at 15 ${JSON.stringify(capped)}, no cap ${JSON.stringify(free)}`);
  // The cap: never more than 15 drawn a second (a little over for the window's edges).
  expect(capped.perSecond).toBeGreaterThan(1);
  expect(capped.perSecond).toBeLessThanOrEqual(16.5);
  // Without it every frame the browser gives is drawn.
  expect(free.share).toBeGreaterThan(0.85);
  // With it, when the browser gives clearly more than 15 frames a second, most are skipped.
  if (capped.browserPerSecond > 25) expect(capped.share).toBeLessThan(0.7);
  else console.log('the browser gave too few frames to see the cap skip any');
  await context.close();
});

test('auto spin off waits for Spin; Lightning+ lands lightning\'s rolls without the spin, and without it they spin', async ({ browser }) => {
  test.setTimeout(150_000);
  const { context, page } = await signedIn(browser, 'lightning');
  await page.goto('/');
  await appRunning(page);
  await setSwitch(page, /^Auto spin/, false);
  await expect.poll(() => savedSetting(page, 'auto_spin')).toBe(false);
  const box = await cheapest(page);
  const first = await callAsPlayer<{ path: string }>(page, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
  await page.goto(first.path);
  await expect(stage(page)).toHaveAttribute('data-roulette', 'ready', { timeout: 20_000 });
  // Auto spin is off: nothing rolls by itself.
  await page.waitForTimeout(2_500);
  await expect(stage(page)).toHaveAttribute('data-phase', 'idle');
  await expect(page.getByTestId('rolls-left')).toHaveText('5 of 5 rolls left');
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  const clicked = Date.now();
  await expect(page.getByTestId('rolls-left')).toHaveText('4 of 5 rolls left');
  await expect(stage(page)).toHaveAttribute('data-phase', 'revealed', { timeout: 15_000 });
  const firstSpin = Date.now() - clicked;
  // Lightning rolls on by itself; Lightning+ lands those four rolls without the 5 s spin.
  const chainStarted = Date.now();
  await expect(page.getByTestId('rolls-left')).toHaveText('0 of 5 rolls left', { timeout: 15_000 });
  await expect(stage(page)).toHaveAttribute('data-phase', 'revealed', { timeout: 5_000 });
  const chainedRolls = Date.now() - chainStarted;
  expect(firstSpin).toBeGreaterThan(4_500);
  // Four rolls with lightning's 0.9 s pause each: far under the four 5 s spins they would take.
  expect(chainedRolls).toBeLessThan(10_000);

  // Without Lightning+ a lightning roll spins like the first.
  await setSwitch(page, /^Lightning\+/, false);
  await setSwitch(page, /^Auto spin/, true);
  await expect.poll(() => savedSetting(page, 'lightning_plus')).toBe(false);
  await expect.poll(() => savedSetting(page, 'auto_spin')).toBe(true);
  const second = await callAsPlayer<{ path: string }>(page, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
  await page.goto(second.path);
  await expect(page.getByTestId('rolls-left')).toHaveText('4 of 5 rolls left', { timeout: 20_000 });
  await expect(page.getByTestId('rolls-left')).toHaveText('3 of 5 rolls left', { timeout: 15_000 });
  const chainedStarted = Date.now();
  await expect(stage(page)).toHaveAttribute('data-phase', 'spinning');
  await expect(stage(page)).toHaveAttribute('data-phase', 'revealed', { timeout: 15_000 });
  expect(Date.now() - chainedStarted).toBeGreaterThan(3_500);
  await context.close();
});

test('parallax: the case art leans toward the pointer; off, it stays put', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'parallax');
  const box = await cheapest(page);
  await page.goto(`/case/${box.key}`);
  await appRunning(page);
  const art = page.locator('.case-hero-art');
  await expect(art).toHaveAttribute('data-parallax', 'on');
  const hero = (await page.locator('.case-hero').boundingBox())!;
  await page.mouse.move(hero.x + 5, hero.y + 5);
  await expect.poll(() => art.evaluate((node) => Number(getComputedStyle(node).getPropertyValue('--parallax-x')))).toBeLessThan(-0.8);
  await expect.poll(() => art.evaluate((node) => new DOMMatrix(getComputedStyle(node).transform).m41)).toBeLessThan(-8);

  await setSwitch(page, /^Parallax/, false);
  await expect(art).toHaveAttribute('data-parallax', 'off');
  await page.mouse.move(hero.x + hero.width - 5, hero.y + hero.height - 5);
  await page.mouse.move(hero.x + 5, hero.y + 5);
  await expect.poll(() => art.evaluate((node) => new DOMMatrix(getComputedStyle(node).transform).m41)).toBe(0);
  await context.close();
});

test('mute battle messages hides other players\' messages on a battle, says how many, and is remembered', async ({ browser }) => {
  const host = await signedIn(browser, 'talker');
  const box = await cheapest(host.page);
  const created = await callAsPlayer<{ path: string; game: { token: string } }>(host.page, 'arena-battle.create', { scheme: `${box.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
  await callAsPlayer(host.page, 'arena-battle.message', { token: created.game.token, text: 'good luck everyone' });

  const { context, page } = await signedIn(browser, 'listener');
  await page.goto(created.path);
  const chat = page.locator('.battle-chat');
  const messages = chat.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('good luck everyone', { timeout: 15_000 });
  await chat.getByRole('switch', { name: 'Mute messages' }).setChecked(true, { force: true });
  await expect(messages).not.toContainText('good luck everyone');
  await expect(chat.getByTestId('muted-count')).toHaveText('1 message muted');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/battle-messages-muted-desktop.png` });
  await page.reload();
  await expect(chat.getByTestId('muted-count')).toHaveText('1 message muted', { timeout: 15_000 });
  await openSettings(page);
  await expect(settings(page).getByRole('switch', { name: /^Mute battle messages/ })).toBeChecked();
  await context.close();
  await host.context.close();
});
