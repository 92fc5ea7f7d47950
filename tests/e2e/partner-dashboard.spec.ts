import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, newPlayerName, operatorHeaders, signInByApi } from './helpers.ts';

/** Coins as the site shows them: thousands grouped, two decimals. */
const coins = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const dashboard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Dashboard' }) });
const tile = (page: Page, label: string) => dashboard(page).getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

test('the sim console makes a partner and sends referred traffic; the dashboard shows it with a chart at both widths', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  const partner = await signInByApi(page, newPlayerName('dash'));

  // Not yet a partner: no dashboard on their page.
  await page.goto(`/partnership/@${partner}`);
  await expect(page.getByRole('heading', { name: 'Your code' })).toBeVisible();
  await expect(dashboard(page)).toHaveCount(0);

  // The console, as a developer uses it.
  await page.goto(`/api/sim/payments?key=${operatorHeaders()['x-sim-key']}`);
  const tagForm = page.locator('form[action="/api/sim/partners/tag"]');
  await tagForm.getByLabel('Player').fill(partner);
  await tagForm.getByLabel('Make them').selectOption('partner');
  await tagForm.getByRole('button', { name: 'Tag' }).click();
  await expect(page.getByText('Tagged: they open /partnership/@name')).toBeVisible();
  const trafficForm = page.locator('form[action="/api/sim/partners/traffic"]');
  await trafficForm.getByLabel('Partner').fill(partner);
  await trafficForm.getByLabel('Sign-ups').fill('12');
  await trafficForm.getByLabel('Cases each').fill('2');
  await trafficForm.getByRole('button', { name: 'Send referred traffic' }).click();
  await expect(page.getByText('Referred traffic sent')).toBeVisible({ timeout: 60_000 });

  const { figures } = await callAsPlayer<{ figures: { wagered: number; earned: number } }>(page, 'partnership-plus.dashboard', { period: 'week' });
  await page.goto(`/partnership/@${partner}`);
  await expect(tile(page, 'Referrals').getByRole('strong')).toHaveText('12');
  await expect(tile(page, 'Referrals')).toContainText('12 link visits');
  await expect(tile(page, 'Wagered')).toContainText('24 wagers');
  await expect(tile(page, 'Wagered').getByRole('strong')).toHaveText(coins(figures.wagered));
  await expect(tile(page, 'Earned').getByRole('strong')).toHaveText(coins(figures.earned));
  await expect(dashboard(page).getByTestId('partner-chart').locator('canvas')).toBeVisible();
  await expect(dashboard(page).getByTestId('partner-chart')).toContainText('Deposited');

  await dashboard(page).getByRole('button', { name: 'Today' }).click();
  await expect(dashboard(page).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(page, 'Referrals').getByRole('strong')).toHaveText('12');

  await dashboard(page).getByRole('button', { name: '30 days' }).click();
  await expect(dashboard(page).getByRole('list', { name: 'Figures, 30 days' })).toBeVisible();
  await page.screenshot({ path: 'test-results/partner-dashboard-1920.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dashboard(page).getByTestId('partner-chart').locator('canvas')).toBeVisible();
  // The chart follows its box down to a phone's width.
  await expect.poll(() => dashboard(page).getByTestId('partner-chart').locator('canvas').evaluate((c) => c.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/partner-dashboard-390.png', fullPage: true });
});

test('partnership staff see the members list; a player is sent home', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const staff = await signInByApi(page, newPlayerName('staff'));
  // The route sends anyone but staff to the home page.
  await page.goto('/partnership/members');
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/api/sim/payments?key=${operatorHeaders()['x-sim-key']}`);
  const tagForm = page.locator('form[action="/api/sim/partners/tag"]');
  for (const [name, tag] of [[staff, 'marketing'], [staff, 'partner']] as const) {
    await tagForm.getByLabel('Player').fill(name);
    await tagForm.getByLabel('Make them').selectOption(tag);
    await tagForm.getByRole('button', { name: 'Tag' }).click();
    await expect(page.getByText('Tagged: they open /partnership/@name')).toBeVisible();
  }
  await page.goto('/partnership/members');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: staff, exact: true }) });
  await expect(row).toContainText('Partner');
  await page.screenshot({ path: 'test-results/partner-members-1920.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: 'test-results/partner-members-390.png', fullPage: true });
});
