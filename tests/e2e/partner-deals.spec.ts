import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const panel = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) });

async function tag(page: Page, name: string, as: string): Promise<void> {
  const answer = await page.request.post('/api/sim/partners/tag', { headers: operatorHeaders(), data: { name, tag: as } });
  expect(answer.ok()).toBe(true);
}

test('a partner confirms a sponsor deal, claims its credit, sees expenses and the staff terms; the tiers modal marks their level', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  const partner = await signInByApi(page, newPlayerName('deal'));
  await tag(page, partner, 'partner');
  await tag(page, partner, 'marketing');
  // A race prize is an expense.
  await callAsPlayer(page, 'partnership-plus.create-race', { name: 'Deal week', category: 5, prize: 5_000, duration: 86_400, stamp: 'e2e-race' });

  await page.goto(`/partnership/@${partner}`);
  const deal = panel(page, 'Sponsor deal');
  await expect(deal).toContainText('Tier 1 · Bronze');
  await deal.getByLabel(/Credit in coins/).fill('150');
  await expect(deal.getByLabel('Estimate')).toContainText('Wager goal 1,500.00');
  await deal.getByRole('button', { name: 'Confirm deal' }).click();
  const facts = deal.getByRole('definition');
  await expect(facts.first()).toHaveText('150.00');
  await expect(facts.nth(1)).toHaveText('1,500.00');

  const before = (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance;
  await deal.getByRole('button', { name: 'Claim 150.00 credit' }).click();
  await expect(deal.getByRole('button', { name: /Claim/ })).toHaveCount(0);
  await expect.poll(async () => (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance).toBe(before + 15_000);

  const expenses = panel(page, 'Expenses');
  await expect(expenses).toContainText('Spent 50.00');
  await expect(expenses.getByRole('row').filter({ hasText: 'Race prize pool' })).toContainText('-50.00');
  await expect(panel(page, 'Admin settings').getByRole('button', { name: 'Save terms' })).toBeVisible();

  // A badge, shown and given to rank E; the Kick channel they stream on the sim links.
  const badges = panel(page, 'Badges and Kick');
  await badges.getByLabel('Badge name').fill('Crew');
  await badges.getByLabel('Icon').selectOption('crown');
  await badges.getByRole('button', { name: 'Make badge' }).click();
  const made = badges.getByRole('list', { name: 'Your badges' }).getByRole('listitem').filter({ hasText: 'crown · Crew' });
  // The box follows the server's answer, so it turns checked once the call returns.
  await made.getByLabel('Shown').click();
  await expect(made.getByLabel('Shown')).toBeChecked();
  await badges.getByLabel('Rank E').selectOption({ label: 'Crew' });
  await expect.poll(async () => (await callAsPlayer<{ referral_badges: { E: string | null } }>(page, 'partnership-plus.change-referral-badges')).referral_badges.E).not.toBeNull();
  const stream = await page.request.post('/api/sim/streams', { headers: operatorHeaders(), data: { name: partner, channel: `${partner}tv` } });
  expect(stream.ok()).toBe(true);
  await badges.getByLabel('Kick channel you stream').fill(`${partner}tv`);
  await badges.getByRole('button', { name: 'Connect Kick' }).click();
  await expect(badges.getByRole('status')).toHaveText(`Kick channel ${partner}tv is linked.`);

  await settled(page);
  await page.screenshot({ path: 'test-results/partner-deals-1920.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(deal.getByRole('button', { name: 'Cancel deal' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: 'test-results/partner-deals-390.png', fullPage: true });
  await deal.screenshot({ path: 'test-results/partner-deal-panel-390.png' });
  await expenses.screenshot({ path: 'test-results/partner-expenses-390.png' });
  await badges.screenshot({ path: 'test-results/partner-badges-390.png' });

  // Cancelled, the sponsored coins go back and a new deal can be confirmed.
  await deal.getByRole('button', { name: 'Cancel deal' }).click();
  await expect(deal.getByRole('button', { name: 'Confirm deal' })).toBeVisible();
  await expect.poll(async () => (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance).toBe(before);

  await page.goto('/partnership/tiers');
  const tiers = page.getByRole('list', { name: 'Partner tiers' });
  await expect(tiers.getByRole('listitem')).toHaveCount(5);
  await expect(tiers.locator('li[aria-current="true"]')).toContainText('Bronze');
  await expect(page.getByText('You are level 1')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: 'test-results/partner-tiers-390.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await settled(page);
  await page.screenshot({ path: 'test-results/partner-tiers-1920.png' });
});

test('a partner creates a race in the form, a referral sees it and leads it, the dashboard shows the wagers', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  const partner = await signInByApi(page, newPlayerName('racer'));
  await tag(page, partner, 'partner');

  await page.goto('/partnership/race/create');
  await page.getByLabel('Name').fill('Friday rush');
  await page.getByRole('radio', { name: 'Top 5', exact: true }).check();
  await page.getByLabel(/Prize pool in coins/).fill('20');
  await page.getByRole('button', { name: 'Start race' }).click();
  await expect(page).toHaveURL(new RegExp(`/partnership/@${partner}/race/SF\\d+$`));
  const raceUrl = new URL(page.url()).pathname;
  await expect(panel(page, 'Friday rush')).toBeVisible();

  // The referral, in their own browser profile.
  const context = await browser.newContext();
  const referralPage = await context.newPage();
  await acceptCookiesUpFront(referralPage);
  const referral = await signInByApi(referralPage, newPlayerName('runner'));
  await callAsPlayer(referralPage, 'partnership.activateCode', { code: partner, stamp: 'e2e-code' });
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(referralPage, 'case.getCases');
  await callAsPlayer(referralPage, 'arena-unbox.create', { box_hash: cases[0]!.hash, count: 1 });
  await referralPage.goto(raceUrl);
  const leaderboard = panel(referralPage, 'Leaderboard');
  await expect(leaderboard.getByRole('row').nth(1)).toContainText(referral);
  await referralPage.setViewportSize({ width: 390, height: 844 });
  await settled(referralPage);
  await referralPage.screenshot({ path: 'test-results/partner-race-referral-390.png', fullPage: true });
  await context.close();

  await page.goto(`/partnership/@${partner}`);
  const wagered = page.locator('section', { has: page.getByRole('heading', { name: 'Dashboard', exact: true }) }).getByRole('listitem').filter({ hasText: 'Wagered' });
  await expect(wagered).toContainText('1 wagers');
  await settled(page);
  await page.screenshot({ path: 'test-results/partner-race-dashboard-1920.png' });
});
