import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, connectByApi, newPlayerName, operatorHeaders, signInByApi } from './helpers.ts';

/** A panel of the page by its heading. */
const panel = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { name: title }) });

/**
 * A referral of `partner` in its own request context (its own cookies), who deposits 10 coins
 * with a gift code (what earns the partner, docs/decisions/0011) and wagers on one case.
 */
async function referralWhoWagers(baseURL: string, partner: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const name = newPlayerName('ref');
  // Many sign-ups from one machine meet the challenge: answer it as the app does.
  expect(await connectByApi(api, name, 'e2e-password')).toMatchObject({ response: { user: { name } } });
  expect(await (await api.get(`/api/method/partnership.activateCode?code=${partner}`)).json()).toMatchObject({ response: { success: true } });
  const minted = (await (await api.post('/api/sim/gift-codes', { headers: operatorHeaders(), data: { kind: 'wallet', coins: '10' } })).json()) as { response: { code: string } };
  expect(await (await api.get(`/api/method/wallet.gift?code=${minted.response.code}`)).json()).toMatchObject({ response: { success: true } });
  const { response } = (await (await api.get('/api/method/case.getCases')).json()) as { response: { cases: { hash: string }[] } };
  expect(await (await api.get(`/api/method/arena-unbox.create?box_hash=${response.cases[0]!.hash}&count=1`)).json()).toHaveProperty('response');
  return api;
}

test('a partner sees invite visits, referrals, their wagers and deposits, then claims the earnings (a share of the deposits) into the wallet', async ({ page, browser, baseURL }) => {
  // Twenty referrals sign up and wager first: on a busy two-core machine that takes a while.
  test.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  const partner = await signInByApi(page, newPlayerName('partner'));

  // A visitor follows the invite link: the visit counts once, however often the page loads.
  const visitor = await browser.newPage();
  await visitor.goto(`/r/${partner}`);
  await expect(visitor.getByRole('heading', { name: 'You were invited' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'You were invited' })).toBeVisible();
  await visitor.close();

  await page.goto('/partnership');
  const code = panel(page, 'Your code');
  await expect(code.getByText(partner, { exact: true })).toBeVisible();
  await expect(code.getByText('Cash-out opens at 20 referrals: 20 to go.')).toBeVisible();
  await expect(code.getByRole('button', { name: /^Claim/ })).toBeDisabled();
  await expect(page.getByText('Nobody has used your code yet.')).toBeVisible();

  const referrals = await Promise.all(Array.from({ length: 20 }, () => referralWhoWagers(baseURL!, partner)));
  const { earnings } = await callAsPlayer<{ earnings: { available: number; visits: number; referrals: number } }>(page, 'partnership.referrals');
  expect(earnings).toMatchObject({ visits: 1, referrals: 20 });
  // 5% (Bronze) of twenty deposits of 10 coins.
  expect(earnings.available).toBe(1_000);

  await page.reload();
  const available = (earnings.available / 100).toFixed(2);
  await expect(code.getByText('Link visits1', { exact: true })).toBeVisible();
  await expect(code.getByText('Referrals20', { exact: true })).toBeVisible();
  await expect(code.getByText('Their deposits200.00', { exact: true })).toBeVisible();
  await expect(code.getByText('Your share of deposits5%', { exact: true })).toBeVisible();
  await expect(panel(page, 'Your referrals').getByRole('row')).toHaveCount(21);
  const before = (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance;

  await code.getByRole('button', { name: `Claim ${available}` }).click();
  await expect(code.getByRole('status')).toHaveText(`${available} went to your wallet.`);
  await expect(code.getByRole('button', { name: 'Claim 0.00' })).toBeDisabled();
  const after = (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance;
  expect(after - before).toBe(earnings.available);
  for (const api of referrals) await api.dispose();

  await page.screenshot({ path: 'test-results/partnership-1920.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(code.getByRole('button', { name: 'Claim 0.00' })).toBeVisible();
  await page.screenshot({ path: 'test-results/partnership-390.png', fullPage: true });
});
