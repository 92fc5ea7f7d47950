import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { solveChallenge } from '../../src/core/proof-of-work.ts';
import { dataDirOf, portOf } from './servers.ts';

let counter = 0;

/** A player name no earlier test used: passes the name rules (a letter first, 5 to 25 characters). */
export function newPlayerName(prefix = 'player'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid % 1000}x${counter}`.slice(0, 25);
}

/** Signs a new player in through the connect service; the page's context gets the cookies. */
export async function signInByApi(page: Page, name = newPlayerName()): Promise<string> {
  expect(await connectByApi(page.request, name, 'e2e-password')).toMatchObject({ response: { user: { name } } });
  return name;
}

/**
 * POST /api/connect as a browser context; answers the envelope. Many sign-ups from one machine
 * look automated, so it answers the server's challenge the way the app does when asked.
 */
export async function connectByApi(request: APIRequestContext, username: string, password: string): Promise<{ response?: unknown; error?: { error_code: unknown } }> {
  const data = { username, password };
  const answer = (await (await request.post('/api/connect', { data })).json()) as { response?: unknown; error?: { error_code: unknown } };
  if (answer.error?.error_code !== 'CAPTCHA_REQUIRED') return answer;
  const { response } = (await (await request.get('/api/connect/challenge')).json()) as { response: { challenge: string; bits: number } };
  const captcha = `${response.challenge}:${await solveChallenge(response.challenge, response.bits)}`;
  return (await (await request.post('/api/connect', { data: { ...data, captcha } })).json()) as typeof answer;
}

/** The site header (role banner). */
export const header = (page: Page) => page.getByRole('banner');

/** Hides the cookie banner for tests that do not look at it. */
export async function acceptCookiesUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cookie_accepted', '1'));
}

/** Waits until the service worker controls the page (a 'prompt' worker does not claim the page that installed it: reload once). */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * What the app's IndexedDB ('arena') holds in one store: the row under `key`, or every key
 * when none is given; undefined while the store does not exist yet.
 */
export function arenaStored(page: Page, store: string, key?: string): Promise<unknown> {
  return page.evaluate(
    async ({ storeName, rowKey }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('arena');
        open.addEventListener('success', () => resolve(open.result));
        open.addEventListener('error', () => reject(open.error));
      });
      try {
        if (!db.objectStoreNames.contains(storeName)) return undefined;
        return await new Promise<unknown>((resolve, reject) => {
          const objects = db.transaction(storeName).objectStore(storeName);
          const read = rowKey === undefined ? objects.getAllKeys() : objects.get(rowKey);
          read.addEventListener('success', () => resolve(read.result));
          read.addEventListener('error', () => reject(read.error));
        });
      } finally {
        db.close();
      }
    },
    { storeName: store, rowKey: key },
  );
}

/**
 * Waits until the page has kept its offline copy of an answer (a query key as JSON containing
 * `fragment`, e.g. '["cases","list"]'): copies are written once the page is idle
 * (src/storage/offline-cache.ts), so going offline straight after a page showed could find none.
 */
export async function offlineCopyKept(page: Page, fragment: string): Promise<void> {
  const kept = async () => ((await arenaStored(page, 'cache')) as IDBValidKey[] | undefined)?.some((key) => String(key).includes(fragment)) ?? false;
  await expect.poll(kept, { message: `an offline copy of ${fragment}`, timeout: 20_000 }).toBe(true);
}

/** Calls a method as the page's player (its cookies), answering `response` or failing the test. */
export async function callAsPlayer<T = unknown>(page: Page, method: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const body = (await (await page.request.get(`/api/method/${method}${query ? `?${query}` : ''}`)).json()) as { response?: T; error?: unknown };
  expect(body.error, `${method} failed`).toBeUndefined();
  return body.response as T;
}

/** Drops one item into the player's inventory by opening the cheapest case once. */
export async function dropOneItem(page: Page): Promise<{ asset: { hash: string; name: string; price: number } }> {
  const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(page, 'case.getCases');
  const { game } = await callAsPlayer<{ game: { token: string } }>(page, 'arena-unbox.create', { box_hash: cases[0]!.hash, count: 1 });
  return callAsPlayer(page, 'arena-unbox.roll', { token: game.token });
}

/**
 * The headers of the sim console's operator: the key the test's server (its worker's,
 * servers.ts) wrote to its DATA_DIR at start.
 */
export function operatorHeaders(): Record<string, string> {
  return { 'x-sim-key': readFileSync(`${dataDirOf(portOf(test.info().parallelIndex))}/sim-operator.key`, 'utf8').trim() };
}

/**
 * Waits until the page has come to rest for a screenshot: fonts loaded, every one-shot CSS
 * animation and transition (an entrance, a modal opening) finished, and two frames drawn.
 * State, not a guessed delay: a busy machine takes as long as it takes, up to 30 s, after which
 * the failure names the animations still running. Repeating animations are ambient and left
 * out: the live dot's three pulses (6 s) made every screenshot after a page load wait for them,
 * and endless ones never finish. Paused ones are left out too: they would never end.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
  // Asked again each time, not awaited once: an animation replaced or cancelled meanwhile is
  // gone from the list, and one that stays running is named when the wait gives up.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === 1)
            .map((a) => `${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.id} on ${(a.effect as KeyframeEffect | null)?.target?.getAttribute('class') ?? '?'} at ${Math.round(Number(a.currentTime))} ms`),
        ),
      { message: 'one-shot animations still running', timeout: 30_000 },
    )
    .toEqual([]);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The header's connection dot says Live: the socket is connected and authenticated. A busy machine may need a while. */
export async function expectLive(page: Page): Promise<void> {
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible({ timeout: 20_000 });
}

/**
 * Waits until the app has taken over the page. Public pages are prerendered and the app starts
 * after load and first paint, so a click on the static copy's header before then does nothing.
 * The copy's connection dot says "connecting"; only the app's socket makes it live.
 */
export async function appRunning(page: Page): Promise<void> {
  await expect(page.locator('.live-indicator[data-status="live"]')).toBeAttached({ timeout: 60_000 });
}

/** The chat panel (the complementary landmark). */
export const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Chat' });

/**
 * A new player in a browser context of their own, on the home page with the chat open.
 * `wagered`: they open a case first, as the rain and split-or-steal ask a wager in the last hour.
 */
export async function playerWithChat(browser: Browser, prefix: string, viewport = { width: 1920, height: 1080 }, { wagered = false } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page, newPlayerName(prefix));
  if (wagered) await dropOneItem(page);
  await page.goto('/');
  await appRunning(page);
  await page.getByRole('button', { name: 'Open chat' }).click();
  // The panel's code loads on first open, then the account and the first page of messages.
  await expect(chatOf(page).getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 15_000 });
  return { context, page, name };
}

/** The chat's split-or-steal block. */
export const stealOf = (page: Page) => chatOf(page).getByRole('region', { name: 'Split or steal' });

/** Joins the open split-or-steal game through its captcha, as a player does, until the block says they are in the draw. */
export async function joinSteal(page: Page): Promise<void> {
  await stealOf(page).getByRole('button', { name: 'Join split or steal' }).click();
  const join = page.getByRole('dialog', { name: 'Join split or steal' });
  await expect(join.getByRole('button', { name: 'Join' })).toBeEnabled({ timeout: 30_000 });
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(stealOf(page).getByText('You are in the draw')).toBeVisible();
}
