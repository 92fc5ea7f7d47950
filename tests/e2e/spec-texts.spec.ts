// Texts and constants of the documents that a player meets (issue 32 item 8): an address that is
// not a page, the case's load failures, the boosters how-to as a 905 px modal, the vault at
// 507 px, a failed rotation titled 'Invalid seed', a gift card's 'Checking permissions…', and the
// canonical tag in a prerendered page before the app runs. Screenshots go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, header, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Answers a call with an error envelope instead of the server's answer. */
const failWith = (code: number | string, message: string) => (route: Route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ error: { error_code: code, error_msg: message } }) });

const firstCaseKey = async (page: Page) => (await callAsPlayer<{ cases: { key: string; hash: string }[] }>(page, 'case.getCases')).cases[0]!;

test('an address that does not name a battle is not a valid page', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/battle/not-a-battle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not a valid page');
  // A real battle's address shape still goes to the battle (the lobby, for one that does not exist).
  await page.goto('/battle/SF99999');
  await expect(page).toHaveURL(/\/battles$/, { timeout: 15_000 });
});

test('a case whose load fails says so in the document\'s words, for an error and for an answer that cannot be used', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const box = await firstCaseKey(page);
  await page.route('**/api/method/case.getBoxByKey**', failWith(10, 'Internal error'));
  // A case without a prerendered copy: the first view is the app's own.
  await page.goto(`/case/${box.key}?x=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("There's an issue with loading the case - we're on it!", { timeout: 15_000 });
  await page.unroute('**/api/method/case.getBoxByKey**');
  await page.route('**/api/method/case.getBoxByKey**', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ response: { box: 'nothing' } }) }));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're sorry, but the load case did not succeed.", { timeout: 15_000 });
});

test('an unbox game whose case does not load tells the player: Issue loading case', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('caseless'));
  const box = await firstCaseKey(page);
  const created = await callAsPlayer<{ path: string }>(page, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
  await page.route('**/api/method/case.getBoxByKey**', failWith(10, 'Internal error'));
  await page.goto(created.path);
  await expect(page.locator('.toast').filter({ hasText: 'Issue loading case' })).toBeVisible({ timeout: 15_000 });
});

for (const size of [
  { label: 'desktop', width: 1920, height: 1080 },
  { label: 'mobile', width: 390, height: 844 },
]) {
  test(`${size.label}: the boosters how-to opens as its own 905 px modal over the boosters`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await acceptCookiesUpFront(page);
    await page.goto('/event/boosters');
    const boosters = page.getByRole('dialog', { name: 'Boosters' });
    await boosters.getByRole('button', { name: 'How boosters work' }).click();
    const guide = page.getByRole('dialog', { name: 'How boosters work' });
    await expect(guide).toBeVisible();
    await expect(guide.getByRole('listitem')).toHaveCount(7);
    await settled(page);
    if (size.width === 1920) expect((await guide.boundingBox())!.width).toBe(905);
    else expect((await guide.boundingBox())!.width).toBeLessThan(size.width);
    await shot(page, `boosters-how-to-${size.label}`);
    // Esc closes the how-to only; the boosters stay.
    await page.keyboard.press('Escape');
    await expect(guide).toHaveCount(0);
    await expect(boosters).toBeVisible();
  });
}

test('the vault modal is 507 px wide', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('vaulter'));
  await page.goto('/');
  await appRunning(page);
  await header(page).getByRole('button', { name: /wallet details/ }).click();
  await header(page).getByRole('button', { name: 'Vault', exact: true }).click();
  const vault = page.getByRole('dialog', { name: 'Vault' });
  await expect(vault).toBeVisible();
  await settled(page);
  expect((await vault.boundingBox())!.width).toBe(507);
});

test('a rotation the server refuses is an error notice titled Invalid seed', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('rotator'));
  await page.goto('/provably-fair/verify');
  const modal = page.getByRole('dialog', { name: 'Verify a ticket' });
  await modal.getByRole('tab', { name: 'Seeds' }).click();
  await expect(modal.getByTestId('client-seed')).toHaveText(/\S+/);
  await page.route('**/api/method/user.seed?*rotate=1*', failWith(19, 'The seed pair cannot be rotated now'));
  await modal.getByRole('button', { name: 'Rotate server seed' }).click();
  const notice = page.locator('.toast').filter({ hasText: 'The seed pair cannot be rotated now' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Invalid seed');
});

test('a gift card says Checking permissions… while the server decides; ACCESS_DENIED opens the terminal modal', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('gifter'));
  const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  const granted = (await (await page.request.post('/api/sim/cards/grant', { headers: operatorHeaders(), data: { user: user.hash, tier: 1, track: 'free', level: 1 } })).json()) as { error?: unknown };
  expect(granted.error).toBeUndefined();
  await page.goto('/inventory');
  const gift = page.getByRole('list', { name: 'Your cards' }).getByRole('button', { name: /^Gift / });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/method/inventory.generateGift**', async (route) => {
    await held;
    await failWith(15, 'This card is held by another offer')(route);
  });
  await gift.click();
  await expect(gift).toHaveText('Checking permissions…');
  release();
  const denied = page.getByRole('dialog', { name: 'ACCESS DENIED' });
  await expect(denied).toContainText('This card is held by another offer');
  await denied.getByRole('button', { name: 'OK' }).click();
  await expect(gift).toHaveText('Gift');
});

test('a prerendered page carries its canonical address and preview tags before the app runs', async ({ page }) => {
  const html = await (await page.request.get('/cases')).text();
  expect(html).toContain('data-prerendered="/cases"');
  expect(html).toContain('<link rel="canonical" href="/cases">');
  expect(html).toContain('<meta property="og:url" content="/cases">');
  expect(html).toContain('<meta property="og:title" content="Cases · SkinFans Arena">');
  // One set of preview tags: the shell's generic ones gave way.
  expect(html.match(/property="og:title"/g)).toHaveLength(1);
  // Once the app runs, one canonical tag, the app's.
  await acceptCookiesUpFront(page);
  await page.goto('/cases');
  await appRunning(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/cases$/);
});
