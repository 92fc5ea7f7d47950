/**
 * An expired access token is renewed without the player noticing (document 3 section 8
 * 'Request lifecycle'): the call that met 'jwt deprecated' is retried after one renewal, and
 * calls issued while the renewal runs wait for it and then succeed.
 *
 * The spec starts its own sim-server in-process (port 0, fresh database, the same built app)
 * whose clock it can move: the token expires when the test says so, and the renewed one stays
 * good however slowly a busy machine runs the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { buildApp, type BuiltApp } from '../../sim-server/app.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, header, newPlayerName } from './helpers.ts';

const ACCESS_TTL_S = 600;
/** How far the server's clock runs ahead of the real one. */
let skewMs = 0;
let server: BuiltApp;
let base: string;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'arena-e2e-renewal-'));
  server = await buildApp({ dataDir, staticDir: resolve('dist'), accessTtl: ACCESS_TTL_S, now: () => Date.now() + skewMs, rateLimit: { max: 5000, windowMs: 60_000 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Every API exchange in order: `request <method>` when it leaves, `answer <method> <error or ok>`
 * when it is back; `unread()` counts the answers whose verdict is not in yet (their bodies are
 * read after the fact, later on a busy machine).
 */
function recordApi(page: Page) {
  const log: string[] = [];
  let reading = 0;
  const name = (url: string) => new URL(url).pathname.replace('/api/method/', '').replace('/api/', '');
  const isCall = (url: string) => /\/api\/(method|connect)\//.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (isCall(request.url())) log.push(`request ${name(request.url())}`);
  });
  page.on('response', async (response) => {
    if (!isCall(response.url())) return;
    // The place in the log is the moment the answer came; its verdict follows once the body is read.
    const at = log.push(`answer ${name(response.url())}`) - 1;
    reading++;
    const body = (await response.json().catch(() => ({}))) as { error?: { error_msg: string } };
    log[at] += ` ${body.error ? body.error.error_msg : 'ok'}`;
    reading--;
  });
  return { log, unread: () => reading };
}

test('an expired access token is renewed once, unnoticed; calls made during the renewal wait and then succeed', async ({ page, request }) => {
  await acceptCookiesUpFront(page);
  const name = newPlayerName('renew');
  expect(await (await page.request.post(`${base}/api/connect`, { data: { username: name, password: 'e2e-password' } })).json()).toMatchObject({ response: { user: { name } } });
  await page.goto(`${base}/inventory`);
  await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The case page visited during the renewal below (asked without the page's cookies, whose token soon expires).
  const cases = (await (await request.get(`${base}/api/method/case.getCases`)).json()) as { response: { cases: { key: string; name: string }[] } };
  const box = cases.response.cases[0]!;

  // The access token expires (the server's clock jumps past it); the renewal is held a little so a second call surely starts during it.
  skewMs += (ACCESS_TTL_S + 1) * 1000;
  let releaseRenewal!: () => void;
  const renewalHeld = new Promise<void>((release) => (releaseRenewal = release));
  await page.route('**/api/connect/renew', async (route) => {
    await renewalHeld;
    await route.continue();
  });
  const { log, unread } = recordApi(page);

  // A fresh page load: its first calls carry the expired token and meet 'jwt deprecated'.
  await page.goto(`${base}/`);
  await expect.poll(() => log.some((line) => line.endsWith('jwt deprecated'))).toBe(true);
  await expect.poll(() => log.includes('request connect/renew')).toBe(true);
  // During the renewal the player moves on to a case page, whose box the home page never
  // asked for: that call waits instead of failing.
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/case/${box.key}`);
  await page.waitForTimeout(300);
  expect(log.filter((line) => line === 'request case.getBoxByKey')).toEqual([]);
  releaseRenewal();

  await expect(page.getByRole('heading', { level: 1, name: box.name })).toBeVisible();
  await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
  await expect.poll(unread).toBe(0);
  const renewedAt = log.indexOf('answer connect/renew ok');
  expect(renewedAt).toBeGreaterThan(-1);
  expect(log.filter((line) => line === 'request connect/renew')).toHaveLength(1);
  // The waiting call left only after the renewal, and everything after it succeeded.
  expect(log.indexOf('request case.getBoxByKey')).toBeGreaterThan(renewedAt);
  expect(log.slice(renewedAt).filter((line) => line.startsWith('answer') && !line.endsWith(' ok'))).toEqual([]);
  // Unnoticed: no notice, still signed in.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: 'Login via steam' })).toHaveCount(0);
});
