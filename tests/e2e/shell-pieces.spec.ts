/**
 * The shell's remaining pieces (issue 21), each as a player meets it: case tables, the
 * login-detected modal, the version check, PAGE_ACTIVE between tabs, compensations and the
 * default avatars.
 */
import type { Browser, Page } from '@playwright/test';
import { defaultAvatarIndex } from '../../src/core/default-avatar.ts';
import { FULL_MOTION, expect as baseExpect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, connectByApi, header, newPlayerName, operatorHeaders } from './helpers.ts';

const SHOTS = 'test-results/shell-pieces';

// Two players, several contexts and a sim-console page per test: on a loaded two-core machine
// these waits take longer than the suite's defaults, so this file allows more.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Signs a new player in through the connect service; answers their name and hash. */
async function signIn(page: Page, name = newPlayerName()): Promise<{ name: string; hash: string }> {
  const body = (await connectByApi(page.request, name, 'e2e-password')) as { response: { user: { name: string; hash: string } } };
  expect(body.response.user.name).toBe(name);
  return body.response.user;
}

async function newPlayerPage(browser: Browser, viewport = { width: 1920, height: 1080 }) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    localStorage.setItem('perf_probe', 'off');
    localStorage.setItem('cookie_accepted', '1');
  });
  return { context, page: await context.newPage() };
}

/** Waits until the page's socket is up and signed in (the header's live mark). */
const live = (page: Page) => expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible({ timeout: 20_000 });

const compensate = (page: Page, name: string, coins: string) => page.request.post('/api/sim/compensations', { data: { name, coins }, headers: operatorHeaders() });

test.describe('case tables', () => {
  test('two players at one table see each other\'s drops live; an unknown table is not found', async ({ page, browser }) => {
    await acceptCookiesUpFront(page);
    const host = await signIn(page);
    const { cases } = await callAsPlayer<{ cases: { key: string; name: string }[] }>(page, 'case.getCases');
    await page.goto(`/case/${cases[0]!.key}`);
    await page.getByRole('button', { name: 'Open a table' }).click();
    await expect(page).toHaveURL(/\/case\/table\/default\/SF\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${cases[0]!.name} table`);
    await expect(page.getByText('No drops yet')).toBeVisible();
    const tablePath = new URL(page.url()).pathname;

    const { context, page: guestPage } = await newPlayerPage(browser, { width: 390, height: 844 });
    const guest = await signIn(guestPage);
    await guestPage.goto(tablePath);
    await live(page);
    await live(guestPage);

    const drops = (p: Page) => p.getByRole('list', { name: 'Drops at this table' }).getByRole('listitem');
    await page.getByRole('button', { name: /^Open case for/ }).click();
    await expect(page.getByText('Your drop')).toBeVisible();
    await expect(drops(guestPage)).toHaveCount(1);
    await expect(drops(guestPage).first()).toContainText(host.name);
    await guestPage.getByRole('button', { name: /^Open case for/ }).click();
    await expect(drops(page)).toHaveCount(2);
    await expect(drops(page).first()).toContainText(guest.name);
    await expect(page.getByTestId('table-opened')).toHaveText('2');
    await expect(guestPage.getByTestId('table-opened')).toHaveText('2');
    // Each drop carries its player's default avatar, the same one as everywhere else.
    await expect(drops(page).first().locator('img.avatar')).toHaveAttribute('src', `/avatars/default/${defaultAvatarIndex(guest.hash)}.svg`);

    // A visitor with the link sees the same table.
    const { context: visitorContext, page: visitor } = await newPlayerPage(browser);
    await visitor.goto(tablePath);
    await expect(drops(visitor)).toHaveCount(2);
    await expect(visitor.getByText('Sign in to open cases at this table.')).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/case-table-visitor.png` });
    await visitorContext.close();

    // The shots show the table, not the balance toasts of the openings passing over its title.
    for (const p of [page, guestPage]) await expect(p.getByTestId('toast')).toHaveCount(0, { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/case-table-1920.png`, fullPage: true });
    await guestPage.screenshot({ path: `${SHOTS}/case-table-390.png`, fullPage: true });
    await context.close();

    for (const missing of ['/case/table/default/SF999999', '/case/table/default/not-a-table']) {
      await page.goto(missing);
      await expect(page).toHaveURL(/\/404$/);
      await expect(page).toHaveTitle(/^Page not found/);
    }
  });
});

test('signing in on a second browser raises the login-detected modal on the first, whose logout everywhere ends both', async ({ page, browser }) => {
  await acceptCookiesUpFront(page);
  const { name } = await signIn(page);
  await page.goto('/');
  await live(page);

  const { context, page: other } = await newPlayerPage(browser);
  await signIn(other, name);
  const dialog = page.getByRole('dialog', { name: 'Login detected' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('signed in on');
  // Measured once its opening animation (a scale) has finished.
  await expect.poll(() => dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(579);
  await page.screenshot({ path: `${SHOTS}/login-detected-1920.png` });
  await dialog.getByRole('button', { name: 'Logout everywhere' }).click();
  await expect(header(page).getByRole('button', { name: 'Login via steam' })).toBeVisible();
  const after = (await (await other.request.get('/api/method/user.getUser')).json()) as { error?: unknown };
  expect(after.error).toBeDefined();
  await context.close();
});

test.describe('version check', () => {
  // One of them presses Reload during a spin: the spin must run.
  test.use(FULL_MOTION);
  const seed = (page: Page, ageMs: number) =>
    page.addInitScript((age) => {
      // Once per test: the reload after the update must find what the app stored.
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('client_version', JSON.stringify({ client: '5.3', stamp: Date.now() - age }));
    }, ageMs);

  test('a stored version older than 600000 ms below the server\'s offers the update, and Reload takes it', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await seed(page, 700_000);
    await page.goto('/');
    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt).toContainText('Version 5.4 of the arena is out.');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('client_version') ?? '{}').client)).toBe('5.4');
    await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('Reload pressed during a spin waits for the spin to land, then takes the update', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await seed(page, 700_000);
    // What the roulette showed when Reload was pressed and when the page went away.
    await page.addInitScript(() => {
      const phase = () => document.querySelector('[data-phase]')?.getAttribute('data-phase') ?? 'none';
      document.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest('.update-prompt button')?.textContent === 'Reload') sessionStorage.setItem('phase-at-reload-click', phase());
      }, true);
      window.addEventListener('pagehide', () => sessionStorage.setItem('phase-at-unload', phase()));
      // The player presses Reload the moment the strip starts to spin (a test's own click
      // arrives seconds late on a loaded machine, after a 5 s spin has ended).
      new MutationObserver(() => {
        if (sessionStorage.getItem('phase-at-reload-click') || phase() !== 'spinning') return;
        const reload = [...document.querySelectorAll<HTMLButtonElement>('.update-prompt button')].find((b) => b.textContent === 'Reload');
        reload?.click();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-phase'] });
    });
    await signIn(page);
    const { cases } = await callAsPlayer<{ cases: { key: string }[] }>(page, 'case.getCases');
    await page.goto(`/case/${cases[0]!.key}`);
    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt).toContainText('Version 5.4 of the arena is out.');
    await page.getByRole('button', { name: /^Open case for/ }).click();
    // Read on whichever page is there (a read during the reload fails and is tried again).
    const after = () =>
      page
        .evaluate(() => [sessionStorage.getItem('phase-at-reload-click'), sessionStorage.getItem('phase-at-unload'), JSON.parse(localStorage.getItem('client_version') ?? '{}').client])
        .catch(() => null);
    // Pressed mid-spin, the page left only once the strip had landed, and the new version is taken.
    await expect.poll(after, { timeout: 60_000 }).toEqual(['spinning', 'revealed', '5.4']);
    await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  });

  test('a fresh stamp is left alone', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await seed(page, 1_000);
    await page.goto('/');
    await live(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('manifest') !== null), { timeout: 15_000 }).toBe(true);
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('client_version') ?? '{}').client)).toBe('5.3');
  });
});

test('two tabs of one player: only the active one plays a sound', async ({ page, context }) => {
  await acceptCookiesUpFront(page);
  await context.addInitScript(() => {
    const played: string[] = [];
    Object.assign(window, { played });
    window.addEventListener('arena-sound', (event) => played.push((event as CustomEvent<string>).detail));
  });
  const { name } = await signIn(page);
  const second = await context.newPage();
  /** Counts the PAGE_ACTIVE frames a tab's socket receives. */
  const heard = new Map<Page, number>();
  for (const p of [page, second]) {
    heard.set(p, 0);
    p.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).includes('"PAGE_ACTIVE"') && heard.set(p, heard.get(p)! + 1)));
  }
  /** Counts the page-active claims the first tab sends. */
  let claims = 0;
  page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => String(payload).includes('"page-active"') && claims++));
  /** Waits until both tabs have heard one more PAGE_ACTIVE than now. */
  const bothHear = () => {
    const [a, b] = [heard.get(page)!, heard.get(second)!];
    return expect.poll(() => heard.get(page)! > a && heard.get(second)! > b).toBe(true);
  };
  await page.goto('/');
  await live(page);
  await second.bringToFront();
  await second.goto('/');
  await live(second);
  const played = (p: Page) => p.evaluate(() => (window as unknown as { played: string[] }).played.length);
  const balance = (p: Page) => header(p).getByTestId('balance');

  await page.bringToFront();
  const claimed = bothHear();
  await page.getByRole('heading', { level: 1 }).first().click();
  await claimed;
  const claimsBefore = claims;
  // A second tap on the tab that holds the claim tells the other tabs nothing new.
  await page.getByRole('heading', { level: 1 }).first().click();
  await compensate(page, name, '5');
  await expect(balance(second)).toHaveText('Balance 1,005.00');
  await expect(balance(page)).toHaveText('Balance 1,005.00');
  // The balance's push came after the tap, so a claim sent by the tap would have been seen.
  expect(claims).toBe(claimsBefore);
  await expect.poll(() => played(page)).toBe(1);
  expect(await played(second)).toBe(0);

  // The player turns to the other tab: now it alone rings.
  await second.bringToFront();
  const turned = bothHear();
  await second.getByRole('heading', { level: 1 }).first().click();
  await turned;
  await compensate(page, name, '5');
  await expect(balance(page)).toHaveText('Balance 1,010.00');
  await expect.poll(() => played(second)).toBe(1);
  expect(await played(page)).toBe(1);
});

test('a compensation from the sim console shows its notice and its history label; 0 is refused', async ({ page, browser }) => {
  await acceptCookiesUpFront(page);
  const { name } = await signIn(page);
  await page.goto('/');
  await live(page);

  const console = await browser.newPage();
  // The operator opens the console through the link the server printed with its key.
  await console.goto(`/api/sim/payments?key=${operatorHeaders()['x-sim-key']}`);
  const form = console.locator('form[action="/api/sim/compensations"]');
  await form.getByLabel('Player').fill(name);
  await form.getByLabel('Coins').fill('0');
  await form.getByRole('button', { name: 'Compensate' }).click();
  await expect(console.getByRole('status')).toContainText('coins: expected a positive amount');
  await form.getByLabel('Player').fill(name);
  await form.getByLabel('Coins').fill('12.50');
  await form.getByRole('button', { name: 'Compensate' }).click();
  await expect(console.getByRole('status')).toContainText('Compensated');
  await console.close();

  const toast = page.getByTestId('toast').filter({ hasText: 'Compensation' });
  await expect(toast).toContainText('+12.50 coins credited to your balance by support.');
  await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,012.50');
  await page.goto('/wallet/history');
  await expect(page.getByRole('main')).toContainText('Compensation');
});

test('default avatars: one of the 20 by the user hash, the same in the header and at a battle seat', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const me = await signIn(page);
  const src = `/avatars/default/${defaultAvatarIndex(me.hash)}.svg`;
  await page.goto('/');
  await expect(header(page).locator('img.avatar').first()).toHaveAttribute('src', src);
  const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(page, 'case.getCases');
  const created = await callAsPlayer<{ path: string }>(page, 'arena-battle.create', { scheme: `${cases[0]!.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
  await page.goto(created.path);
  await expect(page.getByRole('main').locator(`img.avatar[src="${src}"]`).first()).toBeVisible();
  const image = await page.request.get(src);
  expect(image.headers()['content-type']).toContain('image/svg+xml');
});

test('the manifest is asked for again when the page becomes active more than 600 s after the last one', async ({ page }) => {
  await acceptCookiesUpFront(page);
  let asked = 0;
  page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => void (String(payload).includes('"type":"manifest"') && (asked += 1))));
  await page.clock.install();
  await page.goto('/');
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('manifest') !== null), { timeout: 15_000 }).toBe(true);
  const becomeActive = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await becomeActive();
  await page.clock.fastForward(60_000);
  await becomeActive();
  expect(asked).toBe(1);
  await page.clock.fastForward(541_000);
  await becomeActive();
  await expect.poll(() => asked).toBe(2);
});
