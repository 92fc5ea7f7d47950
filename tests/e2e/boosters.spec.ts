// Boosters end to end: a granted booster shows in the header's hint, Activate starts it and
// the hint shows its timer; the boosters modal and the history page at both widths.
// Screenshots go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, expectLive, header, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Grants the page's player a booster through the sim console (as a card or the Battle Pass would). */
async function grant(page: Page, kind: string, params: Record<string, number> = {}): Promise<string> {
  const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  const answer = (await (await page.request.post('/api/sim/boosters/grant', { headers: operatorHeaders(), data: { user: user.hash, kind, params } })).json()) as { response: { hash: string } };
  return answer.response.hash;
}

test('activate a booster in the header hint and see its timer; the boosters modal and history', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('booster'));
  await grant(page, 'xp_multiplier');
  await grant(page, 'deposit_bonus', { level: 40 });
  await page.goto('/');
  await expectLive(page);

  const hint = header(page).getByRole('button', { name: /^Boosters/ });
  await expect(hint).toBeVisible();
  await expect(header(page).getByTestId('booster-hint-timer')).toHaveCount(0);
  await hint.click();
  const panel = header(page).locator('.booster-panel');
  const xp = panel.getByRole('listitem').filter({ hasText: 'XP Multiplier' });
  await expect(xp).toContainText('60 minutes');
  await expect(panel.getByRole('listitem').filter({ hasText: 'Deposit Bonus' })).toContainText('Level 40');
  await shot(page, 'boosters-hint-ready-desktop');
  await xp.getByRole('button', { name: 'Activate' }).click();

  // The header's hint now counts the running booster down from an hour.
  const timer = header(page).getByTestId('booster-hint-timer');
  await expect(timer).toHaveText(/^(1:00:00|59:[0-5]\d)$/);
  // The header's clock ticks only while a booster counts down, and it runs now.
  const started = await timer.textContent();
  await expect(timer).not.toHaveText(started ?? '');
  await expect(hint).toHaveAccessibleName(/XP Multiplier ends in/);
  await expect(xp.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await shot(page, 'boosters-hint-active-desktop');
  // A laptop's header keeps the hint with its timer whole beside the balance.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  // The game menu keeps its room (every link whole); the running booster is a dot there.
  const nav = header(page).getByRole('navigation', { name: 'Games' });
  const [navBox, lastLink] = [await nav.boundingBox(), await nav.getByRole('link').last().boundingBox()];
  expect(lastLink!.x + lastLink!.width).toBeLessThanOrEqual(navBox!.x + navBox!.width + 0.5);
  await expect(timer).toBeAttached();
  await shot(page, 'boosters-hint-active-1280');
  await page.setViewportSize({ width: 1920, height: 1080 });

  await page.goto('/event/boosters');
  const modal = page.getByRole('dialog', { name: 'Boosters' });
  await expect(modal.getByRole('listitem').filter({ hasText: 'XP Multiplier' })).toContainText(/59:[0-5]\d/);
  await expect(modal.getByRole('listitem').filter({ hasText: 'Deposit Bonus' })).toContainText('Level 40');
  await shot(page, 'boosters-modal-desktop');

  await page.goto('/inventory/boosters/history');
  await expect(page.getByRole('heading', { name: 'Booster history' })).toBeVisible();
  await expect(page.getByText('No booster has ended yet.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/event/boosters');
  await expect(page.getByRole('dialog', { name: 'Boosters' }).getByRole('listitem').filter({ hasText: 'XP Multiplier' })).toContainText(/59:[0-5]\d/);
  await shot(page, 'boosters-modal-mobile');
});

test('the booster detail modal: Activate closes it; a running one closes itself when its countdown ends', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('bdetail'));
  // A short Rain Boost (12 s) and a ready Auto-Join.
  await grant(page, 'rain_boost', { duration_ms: 12_000 });
  await grant(page, 'auto_join');
  await page.goto('/event/boosters');
  const modal = page.getByRole('dialog', { name: 'Boosters' });

  await modal.getByRole('button', { name: 'Auto-Join' }).click();
  const autoJoin = page.getByRole('dialog', { name: 'Auto-Join' });
  await expect(autoJoin.getByTestId('booster-detail')).toHaveAttribute('data-state', 'ready');
  await expect(autoJoin.getByText('Runs for')).toBeVisible();
  await shot(page, 'boosters-detail-ready-desktop');
  await autoJoin.getByRole('button', { name: 'Activate' }).click();
  await expect(autoJoin).toHaveCount(0);
  await expect(modal.getByRole('listitem').filter({ hasText: 'Auto-Join' })).toContainText(/\d+:\d\d:\d\d|\d+:\d\d/);

  await modal.getByRole('button', { name: 'Rain Boost' }).click();
  const rain = page.getByRole('dialog', { name: 'Rain Boost' });
  await expect(rain.getByTestId('booster-detail')).toHaveAttribute('data-state', 'ready');
  await rain.getByRole('button', { name: 'Activate' }).click();
  await expect(rain).toHaveCount(0);
  await modal.getByRole('button', { name: 'Rain Boost' }).click();
  await expect(rain.getByText('Ends in')).toBeVisible();
  await expect(rain.locator('.booster-timer')).toHaveText(/^0:(0\d|1[0-2])$/);
  await shot(page, 'boosters-detail-running-desktop');
  // Its countdown ends: the detail closes by itself, the row goes, the boosters modal stays.
  await expect(rain).toHaveCount(0, { timeout: 30_000 });
  await expect(modal.getByRole('listitem').filter({ hasText: 'Rain Boost' })).toHaveCount(0);
  await expect(modal).toBeVisible();
});

test('a visitor sees the boosters modal with a login prompt', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookiesUpFront(page);
  await page.goto('/event/boosters');
  const modal = page.getByRole('dialog', { name: 'Boosters' });
  await expect(modal.getByText('Log in to see and activate your boosters.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Log in' })).toBeVisible();
});
