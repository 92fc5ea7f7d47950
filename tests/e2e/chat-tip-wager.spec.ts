// "Need to wager" (docs/decisions/0032): an admin (scope 4) tips from the chat with the option
// on, the dialog says what it does, and the recipient's withdraw page shows the tipped coins
// as still to be wagered, not withdrawable. Screenshots at both widths.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, newPlayerName, operatorHeaders, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

type Me = { user: { id: number }; user_wallet: { balance: number } };
type Requirements = { withdrawable: number; to_wager: number; balance: number };
const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Chat' });

test('an admin tips with "Need to wager"; the recipient must wager it before withdrawing', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await adminContext.addInitScript(() => localStorage.setItem('perf_probe', 'off'));
  const admin = await adminContext.newPage();
  await acceptCookiesUpFront(admin);
  const adminName = await signInByApi(admin, newPlayerName('admin'));
  const scoped = await (await admin.request.post('/api/sim/chat/scope', { headers: operatorHeaders(), data: { name: adminName, scope: 4 } })).json();
  expect(scoped).toEqual({ response: { name: adminName, scope: 4 } });

  const takerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await takerContext.addInitScript(() => localStorage.setItem('perf_probe', 'off'));
  const taker = await takerContext.newPage();
  await acceptCookiesUpFront(taker);
  const takerName = await signInByApi(taker, newPlayerName('taker'));
  const takerMe = await callAsPlayer<Me>(taker, 'user.getUser');
  const before = await callAsPlayer<Requirements>(taker, 'wallet.getRequirements');
  expect(before.to_wager).toBe(0);

  await admin.goto('/');
  await appRunning(admin);
  await admin.getByRole('button', { name: 'Open chat' }).click();
  const field = chatOf(admin).getByRole('textbox', { name: 'Message' });
  await expect(field).toBeVisible({ timeout: 15_000 });
  await field.fill(`/tip ${takerMe.user.id}`);
  await field.press('Enter');
  const dialog = admin.getByRole('dialog', { name: `Tip ${takerName}` });
  const option = dialog.getByRole('checkbox', { name: 'Need to wager' });
  await expect(option).toBeChecked();
  const rule = dialog.getByTestId('need-wager-rule');
  await expect(rule).toHaveText(/must wager these coins once before they can withdraw them/);
  // Off, the rule goes; on again (the default), it is back.
  await option.uncheck();
  await expect(rule).toBeHidden();
  await option.check();
  await expect(rule).toBeVisible();
  await dialog.getByLabel('Amount (coins)').fill('10');
  await admin.screenshot({ path: `${SHOTS}/chat-tip-wager-desktop.png` });
  await dialog.getByRole('button', { name: 'Send tip' }).click();
  await expect(dialog).toBeHidden();
  // The chat is shared with other specs' tips: this admin's line.
  await expect(chatOf(admin).getByRole('log', { name: 'Chat messages' }).locator('.chat-msg-tip', { hasText: adminName })).toContainText('(to wager)');

  // The recipient has the coins, but not to withdraw: the withdraw page says what is left to wager.
  const after = await callAsPlayer<Requirements>(taker, 'wallet.getRequirements');
  expect(after).toMatchObject({ balance: before.balance + 1_000, withdrawable: before.withdrawable, to_wager: 1_000 });
  await taker.goto('/wallet/withdraw');
  await expect(taker.getByTestId('to-wager')).toHaveText('10.00 coins', { timeout: 15_000 });
  await expect(taker.getByText('Wager 10.00 more coins to free tipped coins')).toBeVisible();
  await taker.screenshot({ path: `${SHOTS}/wallet-to-wager-mobile.png`, fullPage: true });
  await adminContext.close();
  await takerContext.close();
});
