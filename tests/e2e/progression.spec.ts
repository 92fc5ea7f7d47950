// Progression end to end: a player levels up while opening a case (experience toast, the
// header's level ring), finds a rival on the race board, hovers their name for the card,
// follows them and opens their profile. Screenshots at both widths go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, newPlayerName, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** Opens `count` of the cheapest case as the page's player; answers what it cost. */
async function wager(page: Page, count: number): Promise<number> {
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
  const cheapest = cases.reduce((a, b) => (b.price < a.price ? b : a));
  await callAsPlayer(page, 'arena-unbox.create', { box_hash: cheapest.hash, count });
  return cheapest.price * count;
}

test('level up while unboxing, the race board, the hover card, follow and the profile', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A rival who has wagered more this week. The suite's other players share the board, most with
  // a few coins: both wager enough to stay in its top 20 whichever specs ran before.
  const rivalContext = await browser.newContext();
  const rivalPage = await rivalContext.newPage();
  const rival = await signInByApi(rivalPage, newPlayerName('rival'));
  await wager(rivalPage, 20);
  await rivalContext.close();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  const me = await signInByApi(page, newPlayerName('climber'));
  await page.goto('/cases');
  const ring = header(page).getByTestId('level-ring');
  await expect(ring).toHaveAttribute('data-level', '0');
  // The socket is up (the header says Live) before the wager, so its pushes reach the page.
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();

  // The wager's #EXPERIENCE_CHANGED: a toast and the header's level, without a reload.
  const cost = await wager(page, 5);
  const toast = page.getByRole('status').filter({ hasText: 'Experience' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(cost.toLocaleString('en-US'));
  await expect(ring).not.toHaveAttribute('data-level', '0');
  const level = Number(await ring.getAttribute('data-level'));
  expect(level).toBeGreaterThan(0);
  await shot(page, 'progression-levelup-desktop');

  // The levels reached give their free cases on /rewards, once: the card lands in the inventory.
  await page.goto('/rewards');
  const rewards = page.getByRole('list', { name: 'Level rewards' });
  const levelTwo = rewards.getByRole('listitem').filter({ hasText: 'Level 2' }).first();
  await expect(rewards.getByRole('button', { name: 'Claim level 2 reward' })).toBeVisible();
  await expect(levelTwo).toContainText('Free case');
  const before = (await header(page).getByTestId('balance').textContent()) ?? '';
  await rewards.getByRole('button', { name: 'Claim level 2 reward' }).click();
  await expect(levelTwo).toContainText('Claimed');
  await expect(page.locator('.rewards-claimed')).toContainText('Level 2 case');
  await expect(page.getByRole('status').filter({ hasText: '1 new item in your inventory.' })).toBeVisible();
  // A free case moves no coins.
  await expect(header(page).getByTestId('balance')).toHaveText(before);
  await shot(page, 'progression-rewards-desktop');
  // The card opens its case from the inventory.
  await page.locator('.rewards-claimed').getByRole('link', { name: 'inventory' }).click();
  await expect(page).toHaveURL(/\/inventory/);
  await expect(page.getByText('Level 2 case').first()).toBeVisible();

  // The weekly race: the rival above me, with my place.
  await wager(page, 10);
  await page.goto('/event/race');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly race');
  const board = page.getByRole('list', { name: 'Weekly race leaderboard' });
  await expect(board.getByRole('link', { name: rival })).toBeVisible();
  await expect(board.getByRole('link', { name: me })).toBeVisible();
  await expect(page.locator('.race-me')).toContainText('Your place');
  await expect(header(page).getByRole('link', { name: /Race\+/ })).toBeVisible();

  // Hovering the rival's name opens their card after a moment; leaving hides it.
  const card = page.getByTestId('user-widget');
  await board.getByRole('link', { name: rival }).hover();
  await expect(card).toBeVisible();
  await expect(card).toContainText(`@${rival}`);
  await expect(card.getByRole('button', { name: 'Follow' })).toBeVisible();
  await shot(page, 'progression-race-widget-desktop');
  await page.mouse.move(1900, 1000);
  await expect(card).toBeHidden();

  // Follow from the card.
  await board.getByRole('link', { name: rival }).hover();
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.mouse.move(1900, 1000);
  await expect(card).toBeHidden();

  // Their profile shows the follower and the figures.
  await page.goto(`/@${rival}`);
  await expect(page.getByTestId('followers-count')).toHaveText('1 follower');
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page.getByTestId('profile-wagered')).not.toHaveText('0.00');
  await shot(page, 'progression-profile-desktop');
  // Unfollow from the profile.
  await page.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByTestId('followers-count')).toHaveText('0 followers');

  // My own profile's settings.
  await page.goto(`/@${me}?settings=main`);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await page.getByLabel('Display name').fill(rival);
  await expect(page.getByText('This name is already used')).toBeVisible();
  await page.getByLabel('Display name').fill('Climber One');
  await expect(page.getByText('This name is available!')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.locator('.profile-display')).toHaveText('Climber One');
  await shot(page, 'progression-settings-desktop');

  // The same pages on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/@${rival}`);
  await expect(page.getByTestId('followers-count')).toBeVisible();
  await shot(page, 'progression-profile-mobile');
  await page.goto('/event/race/daily');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily race');
  await expect(page.getByRole('list', { name: 'Daily race leaderboard' }).getByRole('link', { name: 'Climber One' })).toBeVisible();
  await shot(page, 'progression-race-mobile');
  await page.goto('/rewards');
  await expect(page.getByRole('list', { name: 'Level rewards' })).toBeVisible();
  await shot(page, 'progression-rewards-mobile');
  await page.goto(`/@${rival}/achievements`);
  await expect(page.getByRole('list', { name: 'Achievements' }).locator('[data-held="true"]')).not.toHaveCount(0);
  await shot(page, 'progression-achievements-mobile');
});

test('level up during a battle: joining a seat on the battle page raises the toast and the header level, then the battle plays out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  await signInByApi(hostPage, newPlayerName('host'));
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(hostPage, 'case.getCases');
  const box = cases.reduce((a, b) => (b.price < a.price ? b : a));
  const { path } = await callAsPlayer<{ path: string }>(hostPage, 'arena-battle.create', { scheme: `${box.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });

  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('seat'));
  await page.goto(path);
  const ring = header(page).getByTestId('level-ring');
  await expect(ring).toHaveAttribute('data-level', '0');
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  await page.getByRole('button', { name: /^Join for / }).click();

  // The seat is the wager: its experience arrives while the battle page is open.
  const toast = page.getByRole('status').filter({ hasText: 'Experience' });
  await expect(toast).toBeVisible();
  await expect(ring).not.toHaveAttribute('data-level', '0');
  expect(page.url()).toContain('/battle/');
  await shot(page, 'progression-battle-levelup-desktop');
  await expect(page.locator('.winner-banner')).toBeVisible({ timeout: 90_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'progression-battle-levelup-mobile');
  await hostContext.close();
});
