// Deposit Bonus wagering shown to the player (docs/decisions/0034): after a deposit with a
// running Deposit Bonus booster, the withdraw page shows the bonus as play-only beside the
// withdrawable part, and what is left to wager. Screenshots at both widths.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, expectLive, header, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function simPost<T>(page: Page, path: string, data: object): Promise<T> {
  const body = (await (await page.request.post(path, { data, headers: operatorHeaders() })).json()) as { response?: T; error?: unknown };
  expect(body.error, path).toBeUndefined();
  return body.response as T;
}

test('a Deposit Bonus shows as play-only on the withdraw page until it is wagered', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  const { hash } = await simPost<{ hash: string }>(page, '/api/sim/boosters/grant', { user: user.hash, kind: 'deposit_bonus', params: { multiplier_milli: 1500, bonus_max: 10_000 } });
  await callAsPlayer(page, 'booster.activate', { booster_hash: hash });

  await page.goto('/wallet/btc');
  // The deposit's balance change reaches only a socket already in the player's room (CI once
  // confirmed it before the page's socket had joined, and the header kept the old balance).
  await expectLive(page);
  const address = (await page.getByTestId('deposit-address').textContent())!;
  const { payment } = await simPost<{ payment: { hash: string } }>(page, '/api/sim/crypto/transfers', { address, amount: '0.001' });
  await simPost(page, `/api/sim/payments/${payment.hash}/confirm`, {});
  // 65.00 deposited and 32.50 of bonus on top.
  await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,097.50');

  await page.goto('/wallet/withdraw');
  await expect(page.getByTestId('withdrawable')).toHaveText('1,065.00 coins');
  await expect(page.getByTestId('bonus-locked')).toHaveText('32.50 coins');
  await expect(page.getByText('Wager 65.00 more coins on cases, chicken or dice to free your 32.50 Deposit Bonus coins')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/bonus-withdraw-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('bonus-locked')).toBeVisible();
  await page.getByTestId('bonus-locked').scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/bonus-withdraw-mobile.png` });
});
