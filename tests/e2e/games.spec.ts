// Catch the Chicken and Dice end to end on the real sim-server: a chicken game to a cash-out
// and one to a loss, dice by hand and on auto, and both fairness pages verified in the browser
// after the seed pair is rotated. Screenshots for a person to look at go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { GFX_CHROMIUM_ARGS } from './fixtures/gfx/build.ts';
import { acceptCookiesUpFront, callAsPlayer, header, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

const SHOTS = 'test-results/screens';
const SIZES = [
  { label: 'desktop', width: 1920, height: 1080 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

// WebGL on SwiftShader, so the road and the dice bar really draw in headless Chromium.
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: GFX_CHROMIUM_ARGS } });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The header's balance in cents. */
async function balance(page: Page): Promise<number> {
  const text = (await header(page).getByTestId('balance').first().textContent()) ?? '';
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

/** Starts a game at a risk and steps until `until` says stop; answers what the status line said last. */
async function playChicken(page: Page, risk: 'Low' | 'High', keepGoing: (status: string) => boolean): Promise<string> {
  const status = page.getByTestId('chicken-status');
  await page.locator('.chicken-risk', { hasText: risk }).click();
  await page.getByRole('button', { name: /^(Start|Play again)$/ }).click();
  await expect(status).toContainText('Step 0 of');
  for (;;) {
    const before = (await status.textContent()) ?? '';
    await page.getByRole('button', { name: /^Go · / }).click();
    await expect(status).not.toHaveText(before);
    const now = (await status.textContent()) ?? '';
    if (!now.includes('Step ') || !keepGoing(now)) return now;
  }
}

test('chicken: a new round heads the player\'s rounds at once, without asking the server for the lists again', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/chicken');
  const rounds = page.getByTestId('chicken-history');
  await expect(page.getByText('Your last six rounds show here.')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const sent = `${request.url()} ${request.postData() ?? ''}`;
    for (const list of ['chicken.history', 'chicken.active']) if (sent.includes(list)) asked.push(list);
  });
  await page.locator('.chicken-risk', { hasText: 'Low' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('chicken-status')).toContainText('Step 0 of');
  await expect(rounds.getByRole('listitem')).toHaveCount(1);
  await expect(rounds.getByRole('listitem').first()).toContainText(/SF\d+\s*low.*step 0/);
  expect(asked).toEqual([]);
  // The server's list says the same after a reload: the open round, first.
  await page.reload();
  await expect(rounds.getByRole('listitem').first()).toContainText(/step 0/);
  await expect(page.getByTestId('chicken-status')).toContainText('Step 0 of');
});

test('chicken: a player on a keyboard steps with Enter and keeps the focus on Go from step to step', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/chicken');
  const status = page.getByTestId('chicken-status');
  const go = page.getByRole('button', { name: /^Go · / });
  await page.locator('.chicken-risk', { hasText: 'Low' }).click();
  // Two steps in a row by keyboard; a car that catches the chicken first (4% a step) means a new game.
  for (;;) {
    await page.getByRole('button', { name: /^(Start|Play again)$/ }).click();
    await expect(status).toContainText('Step 0 of');
    await go.focus();
    await page.keyboard.press('Enter');
    await expect(status).not.toContainText('Step 0 of');
    if ((await status.textContent())?.includes('Caught')) continue;
    await expect(status).toContainText('Step 1 of');
    await expect(go).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status).not.toContainText('Step 1 of');
    if (!(await status.textContent())?.includes('Caught')) await expect(status).toContainText('Step 2 of');
    return;
  }
});

test('dice: a player on a keyboard rolls with Enter and keeps the focus on Roll from roll to roll', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/dice');
  const roll = page.getByRole('button', { name: 'Roll', exact: true });
  const rolls = page.getByTestId('dice-history').getByRole('listitem');
  await roll.focus();
  await page.keyboard.press('Enter');
  await expect(rolls).toHaveCount(1);
  await expect(roll).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rolls).toHaveCount(2);
});

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('chicken: one game cashed out, one caught, and the fairness page verifies the steps', async ({ page }) => {
      test.setTimeout(180_000);
      await acceptCookiesUpFront(page);
      await signInByApi(page);
      await page.goto('/chicken');
      await expect(page.getByTestId('chicken-road')).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
      await expect(header(page).getByTestId('balance').first()).not.toBeEmpty();
      const start = await balance(page);

      // Low risk, one step, then cash out (a 4% catch starts a new game).
      let cashedHash: string | null = null;
      while (cashedHash === null) {
        const after = await playChicken(page, 'Low', () => false);
        if (after.includes('Caught')) continue;
        await page.getByRole('button', { name: /^Cash out / }).click();
        await expect(page.getByTestId('chicken-status')).toContainText('Cashed out 1.01x: +1.01 coins');
        cashedHash = ((await page.getByRole('link', { name: /^Game SF/ }).textContent()) ?? '').replace('Game ', '');
      }
      await shot(page, `chicken-cashed-${size.label}`);

      // High risk until a car catches it (a crossed road pays and plays again).
      let lost = false;
      while (!lost) lost = (await playChicken(page, 'High', () => true)).includes('Caught');
      await expect(page.getByTestId('chicken-status')).toContainText('bet is lost');
      await expect(page.getByTestId('chicken-history').getByRole('listitem').first()).toContainText('caught');
      // The header follows the wallet pushes: it shows what the ledger holds.
      const wallet = async () => (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance;
      await expect.poll(async () => (await balance(page)) === (await wallet())).toBe(true);
      expect(await wallet()).not.toBe(start);
      await shot(page, `chicken-caught-${size.label}`);

      // The game page, then its fairness page once the seed is revealed.
      await page.goto(`/chicken/${cashedHash}`);
      await expect(page.getByTestId('chicken-result')).toContainText('1.01x');
      // A game's page moves nothing: its road is the HTML one, one lane crossed.
      await expect(page.locator('.chicken-road-view li[data-lane="crossed"]')).toHaveCount(1);
      await shot(page, `chicken-game-${size.label}`);
      await callAsPlayer(page, 'user.seed', { rotate: 1 });
      await page.goto(`/provably-fair/chicken/${cashedHash}`);
      await expect(page.getByTestId('replay-verdict')).toContainText('it matches', { timeout: 20_000 });
      await expect(page.locator('.verdict')).toHaveText('Verified');
      await shot(page, `chicken-fair-${size.label}`);
    });

    test('dice: a manual roll and an auto run on the server, and the fairness page verifies a roll', async ({ page }) => {
      test.setTimeout(180_000);
      await acceptCookiesUpFront(page);
      await signInByApi(page);
      await page.goto('/dice');
      await expect(page.getByTestId('dice-bar')).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });

      await page.getByRole('button', { name: 'Roll', exact: true }).click();
      await expect(page.getByTestId('dice-result')).toContainText(/(Win|Loss):/);
      await expect(page.getByTestId('dice-history').getByRole('listitem')).toHaveCount(1);

      await page.getByRole('tab', { name: 'Auto' }).click();
      await page.getByRole('button', { name: 'Roll over' }).click();
      await page.getByLabel('Number of rolls (1 to 1000)').fill('5');
      await page.getByRole('button', { name: 'Start auto' }).click();
      await expect(page.getByTestId('dice-auto')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
      await expect(page.getByTestId('dice-auto')).toContainText('5 of 5 rolls');
      await expect(page.getByTestId('dice-history').getByRole('listitem')).toHaveCount(6);
      const { rolls } = await callAsPlayer<{ rolls: { side: string; payout: number; bet: number }[] }>(page, 'dice.history');
      expect(rolls.slice(0, 5).every((roll) => roll.side === 'over')).toBe(true);
      await expect.poll(() => balance(page)).toBe(100_000 + rolls.reduce((sum, roll) => sum + roll.payout - roll.bet, 0));
      await shot(page, `dice-${size.label}`);

      await callAsPlayer(page, 'user.seed', { rotate: 1 });
      await page.getByRole('link', { name: 'Check fairness' }).click();
      await expect(page).toHaveURL(/\/provably-fair\/dice\/[A-Za-z0-9]{32}$/);
      await expect(page.getByTestId('replay-verdict')).toContainText('it matches', { timeout: 20_000 });
      await expect(page.locator('.verdict')).toHaveText('Verified');
      await shot(page, `dice-fair-${size.label}`);
    });
  });
}
