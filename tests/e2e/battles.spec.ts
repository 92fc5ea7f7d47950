import type { Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, settled, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

// Case battles end to end on the real sim-server: build a battle in the create screen, call
// bots, watch every round roll to the winner banner, then let the fairness worker replay it.
// Screenshots (test-results/screens/) are for a person to look at.

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });

async function settle(page: Page) {
  await expect(header(page).getByRole('link', { name: 'SkinFans Arena, home' })).toBeVisible();
  await settled(page);
}

type Seen = { roundsSeen: string[]; bannerSeen: string | null };

/**
 * Records every text the round counter shows from now on, and the winner banner's text when it
 * appears: a screenshot may take longer than a fast round, and the banner stays only 3 s.
 */
async function recordRoundCounter(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as Seen;
    seen.roundsSeen = [];
    seen.bannerSeen = null;
    const counter = document.querySelector('.round-counter')!;
    const note = () => {
      const text = counter.textContent ?? '';
      if (seen.roundsSeen.at(-1) !== text) seen.roundsSeen.push(text);
    };
    note();
    new MutationObserver(note).observe(counter, { childList: true, characterData: true, subtree: true });
    new MutationObserver(() => {
      seen.bannerSeen ??= document.querySelector('.winner-banner')?.textContent ?? null;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Watches a battle until the winner banner: the counter went through the rounds in order up to
 * the last, then the banner. A page that falls a whole round behind the battle's clock (a
 * starved browser) shows the backlog at once and spins only the newest round
 * (round-reveal.ts), so a round may be passed over, never repeated or shown out of order.
 */
async function watchToTheWinner(page: Page, rounds: number, seats: number) {
  const counted = () => page.evaluate(() => (window as unknown as Seen).roundsSeen.filter((text) => text.startsWith('Round')));
  await expect.poll(async () => (await counted()).at(-1), { timeout: 40_000 }).toBe(`Round ${rounds} of ${rounds}`);
  const numbers = (await counted()).map((text) => Number(/^Round (\d+) of /.exec(text)![1]));
  expect(numbers.every((round, i) => i === 0 || round > numbers[i - 1]!), `rounds in order: ${numbers.join(', ')}`).toBe(true);
  await expect.poll(() => page.evaluate(() => (window as unknown as Seen).bannerSeen), { timeout: 20_000 }).toMatch(/wins!|win!|takes the pot/);
  // Every seat shows every round's drop once the last reel stopped.
  await expect(page.getByRole('list', { name: 'Drops' }).locator('.item-card')).toHaveCount(rounds * seats);
}

test.describe('at 1920x1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('a 3-seat battle built in the create screen is filled with bots, rolls every round to the winner, and its fairness page verifies it', async ({ page }) => {
    test.setTimeout(120_000);
    await acceptCookiesUpFront(page);
    await signInByApi(page);
    // A waiting battle of another player, so the lobby has something to list and join.
    const host = await page.context().browser()!.newContext();
    const hostPage = await host.newPage();
    await signInByApi(hostPage);
    const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(hostPage, 'case.getCases');
    await callAsPlayer(hostPage, 'arena-battle.create', { scheme: `${cases[1]!.hash.replace(/^SF0+/, 'SF')}-5`, mode: 'solo', number: 4, 'options[crazy]': 1 });
    await host.close();

    await page.goto('/battles');
    await expect(page.getByRole('heading', { name: 'Case battles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My battles' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Public battles' }).getByRole('listitem').first()).toContainText('Crazy');
    await settle(page);
    await shot(page, 'battles-lobby-desktop');
    // The arena lobby lists the same public battle.
    await page.goto('/arena');
    await expect(page.getByRole('list', { name: 'Public battles' }).getByRole('listitem').first()).toContainText('Crazy');

    await page.goto('/battle/create');
    const picks = page.getByRole('list', { name: 'Cases to add' });
    await picks.getByRole('button').first().click();
    const scheme = page.getByRole('list', { name: 'Battle cases' });
    await expect(scheme.getByRole('listitem')).toHaveCount(1);
    await scheme.getByRole('radio', { name: '5', exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Seats' }).getByRole('radio', { name: '3', exact: true }).click();
    await page.getByLabel(/^Fast/).check();
    await expect(page.getByRole('heading', { name: 'Rounds (5 of 100)' })).toBeVisible();
    // The rob-mode guide opens over the screen and closes with Esc; the battle being built stays.
    await page.getByRole('link', { name: 'How it works' }).click();
    await expect(page.getByRole('dialog', { name: 'Rob mode' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/battle\/create$/);
    await expect(page.getByRole('heading', { name: 'Rounds (5 of 100)' })).toBeVisible();
    await expect(page.getByLabel(/^Fast/)).toBeChecked();
    await settle(page);
    await shot(page, 'battle-create-desktop');
    await page.getByRole('button', { name: /^Create for/ }).click();

    await expect(page).toHaveURL(/\/battle\/SF\d+$/);
    await expect(page.getByRole('list', { name: 'Seats' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.locator('.round-counter')).toHaveText('1 of 3 seats taken');
    await recordRoundCounter(page);
    await page.getByRole('button', { name: 'Call bots' }).click();
    // Running: a starved page may already be past round 1 (watchToTheWinner).
    await expect(page.locator('.round-counter')).toHaveText(/Round [1-5] of 5/, { timeout: 20_000 });
    await settled(page);
    await shot(page, 'battle-running-desktop');

    await watchToTheWinner(page, 5, 3);
    await shot(page, 'battle-finished-desktop');
    await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible();

    // Messages and reactions reach the battle's room and come back to the page.
    await page.getByLabel('Message on this battle').fill('good game');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('good game');
    await page.getByRole('group', { name: 'Reactions' }).getByRole('button').first().click();
    await expect(page.locator('.reaction-float span')).not.toHaveCount(0);

    await page.getByRole('link', { name: 'Check fairness' }).first().click();
    await expect(page).toHaveURL(/\/provably-fair\/battles\/SF\d+$/);
    await expect(page.locator('.verdict')).toHaveText('Verified', { timeout: 20_000 });
    await expect(page.locator('.replay-verdict').getByRole('status')).toContainText('Verified: all 15 tickets');
    await settle(page);
    await shot(page, 'battle-fairness-desktop');
  });

  test('creating a battle the balance does not cover opens the insufficient-funds modal with the way to a deposit', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await signInByApi(page);
    const { cases } = await callAsPlayer<{ cases: { key: string; price: number }[] }>(page, 'case.getCases');
    const dearest = cases.at(-1)!;
    // 100 rounds of the dearest case cost more than a new player's 1,000 coins.
    expect(dearest.price * 100).toBeGreaterThan(100_000);
    await page.goto(`/battle/create?case=${dearest.key}`);
    const scheme = page.getByRole('list', { name: 'Battle cases' });
    await expect(scheme.getByRole('listitem')).toHaveCount(1);
    await scheme.getByRole('radio', { name: '100', exact: true }).click();
    await page.getByRole('button', { name: /^Create for/ }).click();
    const modal = page.getByRole('dialog', { name: 'Not enough coins' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/wallet');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the battle pages fit a phone: lobby, create, a running battle, the result and the fairness page', async ({ page }) => {
    test.setTimeout(120_000);
    await acceptCookiesUpFront(page);
    await signInByApi(page);

    await page.goto('/battles');
    await expect(page.getByRole('heading', { name: 'Case battles' })).toBeVisible();
    await settle(page);
    await shot(page, 'battles-lobby-mobile');

    const { cases } = await callAsPlayer<{ cases: { key: string }[] }>(page, 'case.getCases');
    await page.goto(`/battle/create?case=${cases[0]!.key}`);
    await expect(page.getByRole('list', { name: 'Battle cases' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('radiogroup', { name: 'Seats' }).getByRole('radio', { name: '3', exact: true }).click();
    await page.getByLabel(/^Fast/).check();
    await settle(page);
    await shot(page, 'battle-create-mobile');
    await shot(page, 'battle-create-mobile-full', true);
    await page.getByRole('button', { name: /^Create for/ }).click();

    await expect(page).toHaveURL(/\/battle\/SF\d+$/);
    await expect(page.locator('.round-counter')).toHaveText('1 of 3 seats taken');
    await recordRoundCounter(page);
    await page.getByRole('button', { name: 'Call bots' }).click();
    await expect(page.locator('.round-counter')).toHaveText('Round 1 of 1', { timeout: 20_000 });
    await settled(page);
    await shot(page, 'battle-running-mobile');
    await watchToTheWinner(page, 1, 3);
    await shot(page, 'battle-finished-mobile');
    await shot(page, 'battle-finished-mobile-full', true);

    await page.getByRole('link', { name: 'Check fairness' }).first().click();
    await expect(page.locator('.verdict')).toHaveText('Verified', { timeout: 20_000 });
    await settle(page);
    await shot(page, 'battle-fairness-mobile');
  });
});

test('the player\'s battle, started and finished while they are elsewhere, raises "Battle started" and "Battle finished"', async ({ page }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/cases');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(page, 'case.getCases');
  const { game } = await callAsPlayer<{ game: { hash: string } }>(page, 'arena-battle.create', { scheme: `${cases[0]!.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
  await callAsPlayer(page, 'arena-battle.callBots', { hash: game.hash });
  const toast = (title: string) => page.getByTestId('toast').filter({ hasText: title });
  await expect(toast('Battle started')).toBeVisible({ timeout: 30_000 });
  await expect(toast('Battle finished')).toBeVisible({ timeout: 60_000 });
});

test('the creator of a personal battle removes a player, whose seat is refunded, and sponsors a seat the next one takes for free', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
  const box = cases[0]!;
  const created = await callAsPlayer<{ path: string; game: { token: string } }>(page, 'arena-battle.create', { scheme: `${box.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 3, personal: 1 });
  const coins = (cents: number) => `Balance ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await page.goto(created.path);
  await expect(header(page).getByTestId('balance')).toHaveText(coins(100_000 - box.price));

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestName = await signInByApi(guest);
  const guestBalance = async () => (await callAsPlayer<{ user_wallet: { balance: number } }>(guest, 'user.getUser')).user_wallet.balance;
  await callAsPlayer(guest, 'arena-battle.join', { token: created.game.token });
  expect(await guestBalance()).toBe(100_000 - box.price);

  const remove = page.getByRole('button', { name: `Remove ${guestName} from the battle` });
  await remove.click();
  await expect(remove).toHaveCount(0);
  await expect.poll(guestBalance).toBe(100_000);

  await page.getByRole('button', { name: /^Sponsor a seat/ }).click();
  await expect(page.getByText('1 sponsored seat: joining costs nothing')).toBeVisible();
  await expect(header(page).getByTestId('balance')).toHaveText(coins(100_000 - 2 * box.price));
  await callAsPlayer(guest, 'arena-battle.join', { token: created.game.token });
  expect(await guestBalance()).toBe(100_000);
  await expect(page.getByRole('button', { name: `Remove ${guestName} from the battle` })).toBeVisible();
  await guestContext.close();
});

test('rob mode: the player chooses rob against a bot that splits, the choice is revealed from the tab, and the player takes the pot', async ({ page }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page);
  const { cases } = await callAsPlayer<{ cases: { hash: string }[] }>(page, 'case.getCases');
  const created = await callAsPlayer<{ path: string }>(page, 'arena-battle.create', { scheme: `${cases[0]!.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2, 'options[rob]': 1 });
  await page.goto(created.path);
  await page.getByRole('button', { name: 'Call bots' }).click();

  const rob = page.getByRole('button', { name: 'Rob', exact: true });
  await expect(rob).toBeVisible({ timeout: 60_000 });
  await rob.click();
  // The bot splits at once, so the reveal follows the commit straight away and the panel gives way to the result.
  await expect(page.getByText(`${name} wins!`).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Decided by the rob decision\. The winner takes every drop into their inventory\. You won [\d.,]+ coins\.$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rob decisions' })).toHaveCount(0);
});
