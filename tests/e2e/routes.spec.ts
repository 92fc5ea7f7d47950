import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, connectByApi, newPlayerName, signInByApi, underServiceWorker } from './helpers.ts';

// Every row of the route tables of documents 1, 2 and 3: the page it renders (its title and
// heading, or its dialog) or where it sends a visitor and a signed-in player.

test.describe.configure({ mode: 'parallel' });

const SITE = ' · SkinFans Arena';
const TOKEN = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

interface Row {
  path: string;
  /** The page's own title (the site name follows it). */
  title: string;
  /** A dialog the route opens over its page. */
  dialog?: string;
  /** Where a visitor ends up instead (login-only routes, redirects). */
  guest?: string;
  /** Where a signed-in player ends up instead; undefined: the page itself. */
  user?: string;
  /** Checked signed in as well (the page differs or is login-only). */
  both?: true;
}

/** {case}, {Case}, {name} are filled in per run. */
const ROWS: Row[] = [
  // Document 1
  { path: '/', title: 'SkinFans Arena' },
  { path: '/arena', title: 'Arena lobby' },
  { path: '/cases', title: 'Cases' },
  { path: '/battles', title: 'Case battles' },
  { path: '/battles/history', title: 'Battle history' },
  { path: '/streams', title: 'Live streams' },
  { path: '/battle/create', title: 'Create a battle' },
  { path: '/battle/rob-mode', title: 'Rob mode', dialog: 'Rob mode' },
  // A battle that does not exist answers GAME_ERROR, which sends the player to /battles (document 1 section 4).
  { path: '/battle/SF99999', title: 'Case battles', guest: '/battles' },
  { path: `/battle/${TOKEN}`, title: 'Case battles', guest: '/battles' },
  { path: '/case/{case}', title: '{Case} case' },
  { path: `/case/{case}/${TOKEN}`, title: '{Case} unbox' },
  // A table id is an SF hash; anything else is the spec's not-found page (issue 21).
  { path: '/case/table/default/7', title: 'Page not found', guest: '/404', user: '/404' },
  { path: '/chicken', title: 'Catch the Chicken' },
  { path: '/chicken/SF3', title: 'Chicken game SF3' },
  { path: '/dice', title: 'Dice' },
  { path: '/dice/SF4', title: 'Dice roll SF4' },
  { path: '/rewards', title: 'Rewards' },
  { path: '/rewards?ranks=true', title: 'Rewards' },
  { path: '/event/race', title: 'Race+' },
  { path: '/event/race/daily', title: 'Daily race' },
  { path: '/event/race/2026-w47', title: 'Page not found' },
  { path: '/event/boosters', title: 'Boosters', dialog: 'Boosters' },
  { path: '/event/stream-party', title: 'Stream party', dialog: 'Stream party' },
  { path: '/inventory', title: 'Inventory', guest: '/', both: true },
  { path: '/inventory/boosters/history', title: 'Booster history', guest: '/', both: true },
  { path: '/@{name}', title: '{name}’s profile', both: true },
  { path: '/@{name}?settings=main', title: '{name}’s profile', both: true },
  { path: '/@{name}/achievements', title: '{name}’s achievements' },
  { path: '/@nobody_at_all_x/achievements', title: 'Page not found', guest: '/404', user: '/404' },
  { path: '/@nobody_at_all_x', title: 'Page not found', guest: '/404' },
  { path: '/profile/{name}', title: '{name}’s profile', guest: '/@{name}' },
  { path: '/profile/{name}/achievements', title: '{name}’s achievements', guest: '/@{name}/achievements' },
  { path: '/battlepass', title: 'Battle Pass' },
  { path: '/battlepass/done', title: 'Season complete', guest: '/battlepass', both: true },
  { path: '/battlepass/purchase', title: 'Get the Battle Pass', dialog: 'Get the Battle Pass', guest: '/battlepass', both: true },
  { path: '/account', title: 'Verify your account', guest: '/', user: '/account/verify', both: true },
  { path: '/account/verify', title: 'Verify your account', guest: '/', both: true },
  { path: '/support', title: 'SkinFans Arena', guest: '/', dialog: 'Support' },
  { path: '/gift/AQW3R-T5Y6U-I8O9P', title: 'Inventory', guest: '/', user: '/inventory', both: true },
  { path: '/gift/CQW3R-T5Y6U-I8O9P', title: 'Gift cards', guest: '/', user: '/wallet/gift', both: true },
  { path: '/gift/ZQW3R-T5Y6U-I8O9P', title: 'SkinFans Arena', guest: '/', user: '/', both: true },
  { path: '/faq', title: 'FAQ' },
  { path: '/terms', title: 'Terms of service' },
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/aml', title: 'Anti-money-laundering policy' },
  { path: '/cookie', title: 'Cookie policy' },
  { path: '/404', title: 'Page not found' },
  // Document 2: the wallet, login only
  { path: '/wallet', title: 'Deposit', guest: '/', both: true },
  { path: '/wallet/withdraw', title: 'Withdraw', guest: '/', both: true },
  { path: '/wallet/history', title: 'Wallet history', guest: '/', both: true },
  { path: '/wallet/gift', title: 'Gift cards', guest: '/', both: true },
  { path: '/wallet/skinsback', title: 'Skinsback', guest: '/', both: true },
  { path: '/wallet/deposit/instaxchange', title: 'Card deposit', guest: '/', both: true },
  { path: '/wallet/deposit/instaxchange/m3m0', title: 'Card deposit', guest: '/', both: true },
  { path: '/wallet/btc', title: 'Deposit with Bitcoin', guest: '/', both: true },
  { path: '/wallet/paypal', title: 'Deposit with PayPal', guest: '/', both: true },
  { path: '/wallet/eth/withdraw', title: 'Withdraw with Ethereum', guest: '/', both: true },
  { path: '/wallet/no-such-method', title: 'Page not found', guest: '/', both: true },
  // Document 3
  { path: '/partnership', title: 'Partnership' },
  { path: '/partnership/@{name}', title: 'Partner {name}', guest: '/', both: true },
  { path: '/partnership/@{name}/referrals', title: 'Referrals of {name}', guest: '/', both: true },
  { path: '/partnership/@{name}/races', title: 'Races of {name}', guest: '/', both: true },
  // Race 9 is not the new player's (nor their partner's): RACE_NOT_FOUND sends them to /404 once
  // the race's answer comes, so the next row must not start before it (a late redirect cancelled it).
  { path: '/partnership/@{name}/race/9', title: 'Race 9', guest: '/', user: '/404', both: true },
  { path: '/partnership/@{name}/race/9/edit', title: 'Edit race 9', guest: '/', both: true },
  { path: '/partnership/race/create', title: 'Create a race', guest: '/', both: true },
  { path: '/partnership/tiers', title: 'Partner tiers', dialog: 'Partner tiers' },
  { path: '/partnership/newcomer-guide', title: 'Newcomer guide' },
  { path: '/partnership/members', title: 'Partnership members', guest: '/', user: '/', both: true },
  { path: '/affiliates', title: 'Affiliates' },
  { path: '/p/FRIEND1', title: 'You were invited' },
  { path: '/r/FRIEND1', title: 'You were invited' },
  { path: '/provably-fair', title: 'Provably fair' },
  { path: '/provably-fair/randomorg', title: 'External randomness' },
  { path: '/provably-fair/verify', title: 'Verify a ticket', dialog: 'Verify a ticket' },
  { path: '/provably-fair/SF42', title: 'Fairness of SF42' },
  { path: '/provably-fair/battles/rob', title: 'Rob mode fairness' },
  { path: '/provably-fair/battles/terminal', title: 'Terminal mode fairness' },
  { path: '/provably-fair/chicken/SF8', title: 'Chicken fairness SF8' },
  { path: `/provably-fair/dice/${TOKEN}`, title: 'Dice fairness' },
];

let catalogCase: { key: string; title: string } | undefined;

async function firstCase(request: APIRequestContext): Promise<{ key: string; title: string }> {
  if (!catalogCase) {
    const answer = (await (await request.get('/api/method/case.getCases')).json()) as { response: { cases: { key: string }[] } };
    const key = answer.response.cases[0]!.key;
    catalogCase = { key, title: key.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') };
  }
  return catalogCase;
}

function fill(text: string, values: { name: string; key: string; title: string }): string {
  return text.replaceAll('{name}', values.name).replaceAll('{case}', values.key).replaceAll('{Case}', values.title);
}

async function expectPage(page: Page, title: string, dialog?: string) {
  await expect(page).toHaveTitle(title === 'SkinFans Arena' ? title : `${title}${SITE}`);
  if (dialog) await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
  else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/**
 * Opens a path inside the running app, as the browser's back and forward buttons do: the
 * router matches it, runs its guards and loaders and renders it, without booting the app again.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    history.pushState(history.state, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/**
 * Visits one row on a page that already holds the right session. Rows that redirect are
 * loaded afresh, the way a link from elsewhere arrives; the others open inside the app,
 * which keeps the table quick.
 */
/**
 * Pages left right after a redirect: the page redirected from may still be settling (a
 * GAME_ERROR sends the player on once its call fails), so the next row loads afresh.
 */
const leftByRedirect = new WeakSet<Page>();

async function visit(page: Page, row: Row, values: { name: string; key: string; title: string }, signedIn: boolean) {
  const redirect = signedIn ? row.user : row.guest;
  const fresh = redirect !== undefined || row.path === '/support' || !page.url().startsWith('http') || leftByRedirect.has(page);
  if (redirect !== undefined) leftByRedirect.add(page);
  else leftByRedirect.delete(page);
  // The checks below wait for the page; 'commit' spares waiting for every image of it.
  if (fresh) await page.goto(fill(row.path, values), { waitUntil: 'commit' });
  else await openInApp(page, fill(row.path, values));
  const target = fill(redirect ?? row.path.split('?')[0]!, values);
  await expect(page, `${row.path} ends on ${target}`).toHaveURL((url) => url.pathname === target);
  if (redirect === '/' && row.path !== '/support') return;
  if (row.path === '/support') return void (await expect(page.getByRole('dialog', { name: 'Support' })).toBeVisible());
  if (redirect === '/404') return expectPage(page, 'Page not found');
  if (redirect && !signedIn) return;
  await expectPage(page, fill(row.title, values), row.dialog);
}

// A few tests of many rows each: one browser page per test keeps the table quick (a new
// page per row costs more than the visit itself), and the parts run on both workers.
const PARTS = 4;
for (let part = 0; part < PARTS; part += 1) {
  const rows = ROWS.filter((_, i) => i % PARTS === part);
  test(`route table part ${part + 1}/${PARTS}: a visitor sees each page or is sent where the spec says`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await acceptCookiesUpFront(page);
    // A player of that name exists, so the profile rows find someone.
    const name = newPlayerName('route');
    await connectByApi(request, name, 'e2e-password');
    const values = { name, ...(await firstCase(request)) };
    for (const row of rows) await test.step(row.path, () => visit(page, row, values, false));
  });
}

const SIGNED_IN = ROWS.filter((row) => row.both);
for (let part = 0; part < 2; part += 1) {
  const rows = SIGNED_IN.filter((_, i) => i % 2 === part);
  test(`route table part ${part + 1}/2 signed in: login-only pages open, redirects go where the spec says`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await acceptCookiesUpFront(page);
    const name = await signInByApi(page);
    const values = { name, ...(await firstCase(request)) };
    for (const row of rows) await test.step(row.path, () => visit(page, row, values, true));
  });
}

test('unknown paths show the not-found page where they are', async ({ page }) => {
  for (const path of ['/nope', '/cases/extra/parts', '/battle/SF1/more']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expectPage(page, 'Page not found');
    await expect(page.getByRole('heading', { name: 'This page is not in the arena' })).toBeVisible();
  }
});

test('language prefixes: /es and /ua render English and keep their prefix in links, others fall back to English', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/es/cases');
  await expectPage(page, 'Cases');
  await expect(page.getByRole('list', { name: 'Cases' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/cases$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Battles' })).toHaveAttribute('href', '/es/battles');

  await page.goto('/ua/faq');
  await expectPage(page, 'FAQ');
  await page.goto('/en');
  await expectPage(page, 'SkinFans Arena');

  await page.goto('/de/battles');
  await expect(page).toHaveURL((url) => url.pathname === '/battles');
  await expectPage(page, 'Case battles');
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('double slashes collapse', async ({ page, baseURL }) => {
    // The sim-server refuses such paths itself (its static files answer 403); once installed,
    // the service worker serves the app for them and the app cleans the address.
    await page.goto('/');
    await underServiceWorker(page);
    await page.goto(`${baseURL}//provably-fair//verify`);
    await expect(page).toHaveURL((url) => url.pathname === '/provably-fair/verify');
    await expectPage(page, 'Verify a ticket', 'Verify a ticket');
  });
});

test('every page sets its description, canonical address and social preview', async ({ page }) => {
  await page.goto('/battles/history');
  await expect(page).toHaveTitle(`Battle history${SITE}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /battle you played/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/battles\/history$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `Battle history${SITE}`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/battles\/history$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /icon-512\.png$/);
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
});

test('/support opens the support window and returns to the page it came from', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/faq');
  await expectPage(page, 'FAQ');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Support' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/faq');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Support' })).toBeHidden();
});

test('the footer lists every game, and its Chicken link opens the chicken page', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/faq');
  await expectPage(page, 'FAQ');
  const footer = page.getByRole('contentinfo');
  for (const game of ['Cases', 'Battles', 'Chicken', 'Dice', 'Rewards', 'Race+']) {
    await expect(footer.getByRole('link', { name: game, exact: true })).toBeVisible();
  }
  await footer.getByRole('link', { name: 'Chicken', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/chicken');
  await expectPage(page, 'Catch the Chicken');
});

test('a gift link keeps its code for the wallet form, signing in on the way', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/gift/cqw3r-t5y6u-i8o9p');
  await expect(page).toHaveURL((url) => url.pathname === '/wallet/gift');
  await expect(page.getByLabel('Gift card code')).toHaveValue('CQW3R-T5Y6U-I8O9P');
});
