import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, header, signInByApi } from './helpers.ts';

// Pages load their data in their route's loader, over the query options the page reads
// (docs/design.md section 8): a hovered link fetches the next page's data before the click,
// and a page that cannot load shows the router's one error view, whose retry loads it.

/** A waiting 2-seat battle of a new player, made through the API; answers its short hash. */
async function waitingBattle(browser: Browser): Promise<string> {
  const host = await browser.newContext();
  try {
    const hostPage = await host.newPage();
    await signInByApi(hostPage);
    const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(hostPage, 'case.getCases');
    const { game } = await callAsPlayer<{ game: { hash: string } }>(hostPage, 'arena-battle.create', { scheme: `${cases[0]!.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
    return game.hash.replace(/^SF0+/, 'SF');
  } finally {
    await host.close();
  }
}

/** The RPC methods the page calls, in order (a batch counts as each method it carries). */
function rpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const method = /^\/api\/method\/([\w.-]+)$/.exec(url.pathname)?.[1];
    if (!method) return;
    if (method !== 'batch.waterfall') return void calls.push(method);
    const list = JSON.parse(url.searchParams.get('list') ?? '[]') as { method?: string }[];
    for (const item of list) if (item.method) calls.push(item.method);
  });
  return calls;
}

test('hovering the Battles link fetches the lobby before any click, and the click shows it without asking again', async ({ page, browser }) => {
  const hash = await waitingBattle(browser);
  await acceptCookiesUpFront(page);
  const calls = rpcCalls(page);
  const lobbyCalls = () => calls.filter((method) => method === 'arena.lobby').length;
  await page.goto('/');
  await appRunning(page);
  expect(lobbyCalls()).toBe(0);

  const link = header(page).getByRole('link', { name: 'Battles', exact: true }).first();
  await link.hover();
  await expect.poll(lobbyCalls, { message: 'the lobby is asked for on hover' }).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/');

  await link.click();
  await expect(page).toHaveURL(/\/battles$/);
  await expect(page.getByRole('list', { name: 'Public battles' }).locator(`a[href="/battle/${hash}"]`).first()).toBeVisible();
  // The page read what the hover fetched: no second lobby request for it.
  expect(lobbyCalls()).toBe(1);
});

test('a battle page whose data call fails shows the one error view, and its retry loads the battle', async ({ page, browser }) => {
  const hash = await waitingBattle(browser);
  await acceptCookiesUpFront(page);
  // The server's answer to the first call is an error envelope; the retry reaches the real server.
  let failed = 0;
  await page.route('**/api/method/arena.game?*', async (route) => {
    if (failed > 0) return route.continue();
    failed += 1;
    await route.fulfill({ json: { error: { error_code: 10, error_msg: 'The arena could not load this battle.' } } });
  });
  await page.goto(`/battle/${hash}`);

  const error = page.getByRole('alert').filter({ hasText: 'The arena could not load this battle.' });
  await expect(error.getByRole('heading', { name: 'INTERNAL ERROR' })).toBeVisible();
  // The page itself never rendered: the router shows its error view instead of a half page.
  await expect(page.getByRole('heading', { name: `Battle ${hash}` })).toHaveCount(0);

  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: `Battle ${hash}` })).toBeVisible();
  await expect(error).toHaveCount(0);
  expect(failed).toBe(1);
});
