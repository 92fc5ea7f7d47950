// A visitor's first request for a public page paints it from HTML and CSS before any script
// runs (scripts/prerender.ts); the app then takes the same page over. So does a signed-in
// player's wallet and inventory, with the player's own parts blank until the app fills them,
// but for the inventory's items and total, which the server fills in (sim-server/http/first-views.ts).
// Other pages get the shell with the route's code named in it (scripts/route-shells.ts) and the
// site's frame in it: the header, a visitor's or a signed-in player's, over the page-loading
// placeholder.
// Screenshots for a person to look at go to test-results/screens/.
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import type { Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { formatCoins } from '../../src/core/money.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, dropOneItem, header, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const size of [{ label: 'phone', width: 390, height: 844 }, { label: 'desktop', width: 1920, height: 1080 }]) {
    test(`the header, hero and case list paint from HTML on a ${size.label}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/cases');
      await expect(page).toHaveTitle('Cases · SkinFans Arena');
      await expect(header(page).getByRole('link', { name: 'SkinFans Arena, home' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Open a case' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Cases' }).getByRole('link').first()).toBeVisible();
      // Not live until the app runs: the header does not claim a connection.
      await expect(header(page).getByRole('img', { name: 'Live' })).toHaveCount(0);
      await shot(page, `first-visit-cases-no-js-${size.label}`);
    });
  }

  test("a signed-in player's wallet and inventory paint from HTML: no balance or name, and the player's own items, which the server put in", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page);
    const { asset } = await dropOneItem(page);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Your wallet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bitcoin' })).toBeVisible();
    // The build's player's balance and avatar kept their room, not their text.
    for (const personal of [page.getByTestId('wallet-balance'), header(page).locator('.header-user'), header(page).locator('.balance-pill')]) {
      await expect(personal).toBeHidden();
      expect(await personal.textContent()).toMatch(/^\s*$/);
    }
    await shot(page, 'first-visit-wallet-no-js-phone');
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Your items' })).toBeVisible();
    // Not the build's player's empty list: this player's one item, its art and total.
    await expect(page.getByText('No items yet')).toHaveCount(0);
    const items = page.getByRole('list', { name: 'Your items' });
    await expect(items.getByRole('listitem')).toHaveCount(1);
    await expect(items.getByRole('button', { name: `Sell ${asset.name} for` })).toBeVisible();
    await expect(items.locator('img')).toHaveJSProperty('complete', true);
    expect(await items.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('.inventory-total')).toContainText('1 item');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toBeVisible();
    await shot(page, 'first-visit-inventory-no-js-phone');
  });

  test("a finished battle's page paints from HTML, its drops' art included, which the server put in", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page);
    const { short, detail } = await finishedBattle(page);
    await page.goto(`/battle/${short}`);
    await expect(page.getByRole('heading', { level: 1, name: `Battle ${short}` })).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Loading')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Seats' }).getByRole('listitem')).toHaveCount(2);
    for (const [seat, drop] of detail.drops.entries()) {
      const item = detail.items.find((entry) => entry.hash === drop.item_hash)!;
      const card = page.getByRole('list', { name: 'Drops' }).locator('.item-card').filter({ hasText: item.name.split(' | ')[0]! }).filter({ hasText: formatCoins(drop.value) }).first();
      await expect(card, `seat ${seat + 1}'s drop`).toBeVisible();
      await expect(card.locator('img')).toHaveJSProperty('complete', true);
    }
    await expect(page.getByRole('link', { name: 'Check fairness' })).toHaveAttribute('href', `/provably-fair/battles/${short}`);
    await shot(page, 'first-visit-battle-no-js-phone');
  });

  test("a page nobody made ahead (a player's profile) paints the site's frame from HTML: a visitor's, or a signed-in player's without the player's parts", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/@nobody-yet');
    await expect(header(page).getByRole('link', { name: 'SkinFans Arena, home' })).toBeVisible();
    await expect(header(page).locator('.login-button')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Loading')).toBeVisible();
    await shot(page, 'first-visit-frame-no-js-phone');
    const name = await signInByApi(page);
    await page.goto(`/@${name}`);
    await expect(page.getByRole('main').getByLabel('Loading')).toBeVisible();
    await expect(header(page).locator('.login-button')).toHaveCount(0);
    // The build's player's balance and avatar kept their room, not their text; nobody's name is in it.
    for (const personal of [header(page).locator('.header-user'), header(page).locator('.balance-pill')]) {
      await expect(personal).toBeHidden();
      expect(await personal.textContent()).toMatch(/^\s*$/);
    }
    expect(await page.locator('#root').innerHTML()).not.toContain(name);
    await shot(page, 'first-visit-frame-signed-in-no-js-phone');
  });

  test('the home page and a case page paint their first view from HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Open cases.');
    const cases = (await (await page.request.get('/api/method/case.getCases')).json()) as { response: { cases: { key: string; name: string }[] } };
    const first = cases.response.cases[0]!;
    await page.goto(`/case/${first.key}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(page.getByRole('list', { name: `Items in ${first.name}` }).getByRole('listitem').first()).toBeVisible();
  });
});

test("the first page's scripts start with V8's compile hint, and the source map still leads to the right lines", async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const src = /"(\/assets\/app-[\w-]+\.js)"/.exec(html)?.[1];
  const reactDom = /"(\/assets\/react-dom-[\w-]+\.js)"/.exec(html)?.[1];
  expect(src, 'the first page names its script').toBeTruthy();
  expect(reactDom, "the first page names React DOM's script").toBeTruthy();
  const code = await (await page.request.get(src!)).text();
  // Anywhere but the first line V8 reads it as a plain comment.
  expect(code.slice(0, code.indexOf('\n'))).toBe('//# allFunctionsCalledOnLoad');
  const reactDomCode = await (await page.request.get(reactDom!)).text();
  expect(reactDomCode.slice(0, reactDomCode.indexOf('\n'))).toBe('//# allFunctionsCalledOnLoad');
  const map = new SourceMap((await (await page.request.get(`${src}.map`)).json()) as SourceMapPayload);
  // A message only main.tsx writes: where it stands in the script leads back to its line there.
  const at = code.indexOf('index.html has no #root');
  const before = code.slice(0, at);
  const entry = map.findEntry(before.split('\n').length - 1, at - (before.lastIndexOf('\n') + 1));
  expect('originalSource' in entry && entry.originalSource).toMatch(/src\/main\.tsx$/);
  const line = 'originalLine' in entry ? entry.originalLine : -1;
  expect(readFileSync('src/main.tsx', 'utf8').split('\n')[line]).toContain('index.html has no #root');
});

test('the app takes the prerendered page over: the same page, now working', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cases');
  await expect(page.getByRole('heading', { level: 1, name: 'Open a case' })).toBeVisible();
  // Live once the socket is up: only the app does that.
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Cases' });
  const first = (await list.getByRole('listitem').first().locator('.case-name').textContent())!;
  await page.getByRole('searchbox').or(page.getByLabel('Search')).first().fill(first);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await shot(page, 'first-visit-cases-app-phone');
});

test("the app takes the site's frame over with the page it waited for", async ({ page }) => {
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/@${name}`);
  await appRunning(page);
  await expect(page.locator('.profile-display')).toContainText(name);
  await expect(page.getByRole('main').getByLabel('Loading')).toHaveCount(0);
  await expect(header(page).locator('.balance-pill')).toHaveText(/\d/);
  await shot(page, 'first-visit-frame-app-phone');
});

test("the wallet's notes are in the app's first render over the copy, not one answer later, when they would push the page down", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  // Whether the app's notes were there when its first commit replaced the copy.
  await page.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      const copy = root.firstElementChild;
      const watch = new MutationObserver(() => {
        if (copy?.isConnected) return;
        watch.disconnect();
        (window as unknown as { notesAtTakeover: boolean }).notesAtTakeover = root.querySelector('.wallet-alerts:not([aria-hidden="true"])') !== null;
      });
      watch.observe(root, { childList: true });
    });
  });
  await page.goto('/wallet');
  await appRunning(page);
  // A new player has a note: 2FA is missing for withdrawals.
  await expect(page.getByRole('list', { name: 'Wallet notes' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notesAtTakeover?: boolean }).notesAtTakeover)).toBe(true);
});

/**
 * Records, for the page about to load, the words and picture of each card `selector` finds: in
 * the HTML the server answered, and at the app's first commit over it.
 */
async function recordCardsAtTakeover(page: Page, selector: string): Promise<() => Promise<{ copyCards: string[]; appCards: string[] }>> {
  await page.addInitScript((cardSelector) => {
    const cards = (root: ParentNode) => [...root.querySelectorAll(cardSelector)].map((card) => `${card.textContent} ${card.querySelector('img')?.getAttribute('src')}`);
    const seen = window as unknown as { copyCards: string[]; appCards: string[] };
    addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      const copy = root.firstElementChild;
      seen.copyCards = cards(root);
      const watch = new MutationObserver(() => {
        if (copy?.isConnected) return;
        watch.disconnect();
        seen.appCards = cards(root);
      });
      watch.observe(root, { childList: true });
    });
  }, selector);
  return () =>
    page.evaluate(() => {
      const seen = window as unknown as { copyCards: string[]; appCards: string[] };
      return { copyCards: seen.copyCards, appCards: seen.appCards };
    });
}

/** A 2-seat battle of the signed-in player against a bot, played to its end; answers its short hash and record. */
async function finishedBattle(page: Page): Promise<{ short: string; detail: BattleRecord }> {
  const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(page, 'case.getCases');
  const { game } = await callAsPlayer<{ game: { hash: string } }>(page, 'arena-battle.create', { scheme: `${cases[0]!.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
  await callAsPlayer(page, 'arena-battle.callBots', { hash: game.hash });
  const short = game.hash.replace(/^SF0+/, 'SF');
  // The round plays on the server's clock: as long as it takes.
  await expect.poll(async () => (await callAsPlayer<BattleRecord>(page, 'arena.game', { hash: short })).game.status, { timeout: 60_000 }).toBe('finished');
  return { short, detail: await callAsPlayer<BattleRecord>(page, 'arena.game', { hash: short }) };
}

type BattleRecord = { game: { status: string }; drops: { value: number; item_hash: string }[]; items: { hash: string; name: string }[]; users: { display_name: string }[] };

test("the inventory's items painted from the server's HTML are the ones the app's first render puts in their place", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page);
  const drops = [await dropOneItem(page), await dropOneItem(page)];
  const seen = await recordCardsAtTakeover(page, '.inventory-items .item-card');
  await page.goto('/inventory');
  await appRunning(page);
  await expect(page.getByRole('list', { name: 'Your items' }).getByRole('listitem')).toHaveCount(2);
  const { copyCards, appCards } = await seen();
  expect(copyCards).toHaveLength(2);
  for (const { asset } of drops) expect(copyCards.some((card) => card.includes(asset.name.split(' | ')[0]!) && card.includes(`Sell ${formatCoins(asset.price)}`))).toBe(true);
  expect(appCards).toEqual(copyCards);
});

test("a finished battle's drops painted from the server's HTML are the ones the app's first render puts in their place", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page);
  const { short, detail } = await finishedBattle(page);
  const seen = await recordCardsAtTakeover(page, '.drop-list .item-card, .seat');
  await page.goto(`/battle/${short}`);
  await appRunning(page);
  await expect(page.getByRole('heading', { level: 1, name: `Battle ${short}` })).toBeVisible();
  const { copyCards, appCards } = await seen();
  // Two seats and a drop each.
  expect(copyCards).toHaveLength(4);
  for (const drop of detail.drops) expect(copyCards.some((card) => card.includes(`Round 1`) && card.includes(formatCoins(drop.value)))).toBe(true);
  for (const user of detail.users) expect(copyCards.some((card) => card.includes(user.display_name))).toBe(true);
  expect(appCards).toEqual(copyCards);
  await shot(page, 'first-visit-battle-app-phone');
});

for (const { label, viewport, button, opens } of [
  { label: 'desktop', viewport: { width: 1920, height: 1080 }, button: 'Settings', opens: 'Settings' },
  { label: 'phone', viewport: { width: 390, height: 844 }, button: 'Menu', opens: 'Menu' },
]) {
  test(`a button tapped on the prerendered page before the app ran is pressed once the app took the page over (${label})`, async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.setViewportSize(viewport);
    // The app takes the copy over once the first page's data is in: held until the tap is made.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/method/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    // The copy's own button, marked, so the test knows the tap landed on the copy.
    const control = header(page).getByRole('button', { name: button, exact: true });
    await control.evaluate((element) => element.setAttribute('data-copy', ''));
    await header(page).locator('button[data-copy]').click();
    await expect(page.getByRole('dialog', { name: opens })).toHaveCount(0);
    release();
    // The copy is gone (the marked button with it), and the app's button was pressed, once.
    await expect(header(page).locator('button[data-copy]')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: opens })).toBeVisible();
    await expect(control).toHaveAttribute('aria-expanded', 'true');
    await shot(page, `first-visit-tap-replayed-${label}`);
  });
}

test('an address changed while the app starts over a prerendered page is the page it shows', async ({ page }) => {
  // The app loads the first page before it mounts the router (src/app/app.tsx): a back or
  // forward in between was lost, and the page stayed the first one under the new address.
  await acceptCookiesUpFront(page);
  const transport = page.waitForRequest(/\/assets\/transport-/);
  await page.goto('/', { waitUntil: 'commit' });
  await transport;
  await page.evaluate(() => {
    history.pushState(history.state, '', '/battles/history');
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });
  await expect(page).toHaveTitle('Battle history · SkinFans Arena');
  await expect(page.getByRole('heading', { level: 1, name: 'Battle history' })).toBeVisible();
});

test("the app takes a signed-in player's first view over with the player's own balance and items; other pages get the shell naming the route's code, with the frame", async ({ page }) => {
  const visitor = await (await page.request.get('/cases')).text();
  expect(visitor).toContain('data-prerendered="/cases"');
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page);
  const { asset } = await dropOneItem(page);
  expect(await (await page.request.get('/inventory')).text()).toContain('data-prerendered="/inventory"');
  const player = await (await page.request.get('/wallet/history')).text();
  // The site's signed-in frame over the loading placeholder, made for this route's pattern: nobody's name in it.
  expect(player).toContain('data-prerendered="/wallet/history"');
  expect(player).toContain('class="container page-loading"');
  expect(player).not.toContain('login-button');
  expect(player).not.toContain(name);
  // The history's code and styles are asked for with the page, not one import after another.
  const named = [...player.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="(\/assets\/[^"]+)">/g)].map((m) => m[1]!);
  expect(named.some((href) => /\/assets\/history-[\w-]{8}\.js$/.test(href))).toBe(true);
  for (const href of named) expect((await page.request.get(href)).status(), href).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/inventory');
  await appRunning(page);
  await expect(page.getByRole('list', { name: 'Your items' }).getByRole('button', { name: `Sell ${asset.name} for` })).toBeVisible();
  // The first screen's art is fetched at once and first (the page's largest paint), not lazily.
  await expect(page.getByRole('list', { name: 'Your items' }).locator('img').first()).toHaveAttribute('loading', 'eager');
  await expect(page.getByRole('list', { name: 'Your items' }).locator('img').first()).toHaveAttribute('fetchpriority', 'high');
  await expect(header(page).locator('.balance-pill')).toBeVisible();
  await expect(header(page).locator('.balance-pill')).toHaveText(/\d/);
  await shot(page, 'first-visit-inventory-app-phone');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/wallet');
  await appRunning(page);
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText(/\d/);
  await expect(header(page).getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await shot(page, 'first-visit-wallet-app-desktop');
});
