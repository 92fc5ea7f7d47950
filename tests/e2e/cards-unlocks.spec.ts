// Emoji and pattern cards end to end (docs/decisions/0034): an emojis card unlocks the Elite
// pack in its owner's chat picker (others see the emoji drawn but have no such tab), and a
// pattern pack unpacks on the roulette into a pattern the profile header wears. Screenshots
// at both widths go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Chat' });
const log = (page: Page) => chatOf(page).getByRole('log', { name: 'Chat messages' });
const cardsOf = (page: Page) => page.getByRole('list', { name: 'Your cards' });

/** Hands the signed-in player a Battle Pass tier's card through the sim console, at level 1. */
async function grantCard(page: Page, tier: number, track: 'free' | 'premium'): Promise<void> {
  const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  const answer = await page.request.post('/api/sim/cards/grant', { headers: operatorHeaders(), data: { user: user.hash, tier, track, level: 1 } });
  expect(((await answer.json()) as { error?: unknown }).error).toBeUndefined();
}

async function signedIn(browser: Browser, prefix: string, viewport = { width: 1920, height: 1080 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.setItem('perf_probe', 'off'));
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page, newPlayerName(prefix));
  return { context, page, name };
}

async function openChat(page: Page): Promise<void> {
  await appRunning(page);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(chatOf(page).getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 15_000 });
}

test('an emojis card puts the Elite pack in its owner\'s picker; others see the emoji but cannot pick it', async ({ browser }) => {
  test.setTimeout(180_000);
  const emma = await signedIn(browser, 'emoji');
  const other = await signedIn(browser, 'plain');
  await grantCard(emma.page, 22, 'free');

  // Before the card is used: no Elite tab.
  await emma.page.goto('/');
  await openChat(emma.page);
  await chatOf(emma.page).getByRole('button', { name: 'Emojis' }).click();
  await expect(chatOf(emma.page).getByRole('tab', { name: 'Arena' })).toBeVisible();
  await expect(chatOf(emma.page).getByRole('tab', { name: 'Elite' })).toHaveCount(0);

  await emma.page.goto('/inventory');
  await cardsOf(emma.page).getByRole('button', { name: 'Unlock Emoji pack' }).click();
  await expect(emma.page.getByRole('status').filter({ hasText: 'Emoji pack unlocked' })).toBeVisible();
  await expect(cardsOf(emma.page).getByRole('listitem')).toHaveCount(0);

  await emma.page.goto('/');
  await openChat(emma.page);
  await chatOf(emma.page).getByRole('button', { name: 'Emojis' }).click();
  await chatOf(emma.page).getByRole('tab', { name: 'Elite' }).click();
  await expect(chatOf(emma.page).getByRole('button', { name: 'Emoji elite_0' })).toHaveText('🐐');
  await shot(emma.page, 'cards-emoji-picker-desktop');
  await chatOf(emma.page).getByRole('button', { name: 'Emoji elite_0' }).click();
  const field = chatOf(emma.page).getByRole('textbox', { name: 'Message' });
  await expect(field).toHaveValue('::elite_0:: ');
  await field.press('End');
  await field.pressSequentially('goat mode');
  await chatOf(emma.page).getByRole('button', { name: 'Send' }).click();

  await other.page.goto('/');
  await openChat(other.page);
  await expect(log(other.page).locator('.chat-msg', { hasText: 'goat mode' }).getByRole('img', { name: 'elite 0' })).toHaveText('🐐');
  await chatOf(other.page).getByRole('button', { name: 'Emojis' }).click();
  await expect(chatOf(other.page).getByRole('tab', { name: 'Arena' })).toBeVisible();
  await expect(chatOf(other.page).getByRole('tab', { name: 'Elite' })).toHaveCount(0);
  await shot(other.page, 'cards-emoji-other-desktop');

  // On a phone: the owner's picker has the tab too.
  await emma.page.setViewportSize({ width: 390, height: 844 });
  await emma.page.goto('/');
  await openChat(emma.page);
  await chatOf(emma.page).getByRole('button', { name: 'Emojis' }).click();
  await chatOf(emma.page).getByRole('tab', { name: 'Elite' }).click();
  await expect(chatOf(emma.page).getByRole('button', { name: 'Emoji elite_2' })).toBeVisible();
  await shot(emma.page, 'cards-emoji-picker-mobile');
  await emma.context.close();
  await other.context.close();
});

test('a pattern pack unpacks on the roulette and the profile wears the pattern', async ({ browser }) => {
  test.setTimeout(180_000);
  const pat = await signedIn(browser, 'pattern');
  await grantCard(pat.page, 6, 'premium');
  await pat.page.goto('/inventory');
  await cardsOf(pat.page).getByRole('button', { name: 'Unpack Pattern pack' }).click();
  await expect(pat.page.getByRole('region', { name: 'Pack roulette' })).toBeVisible();
  const reward = pat.page.getByTestId('pack-reward');
  await expect(reward).toBeVisible({ timeout: 20_000 });
  const art = (await reward.locator('img.reward-art').getAttribute('src')) ?? '';
  expect(art).toMatch(/^\/patterns\/\d\.svg$/);
  await expect(reward.getByText(/Pattern · kept in your patterns/)).toBeVisible();
  await shot(pat.page, 'cards-pattern-reward-desktop');
  const [profileTab] = await Promise.all([pat.context.waitForEvent('page'), reward.getByRole('button', { name: 'Apply pattern' }).click()]);
  await expect(profileTab).toHaveURL(new RegExp(`/@${pat.name}$`));
  await expect(reward.getByText('Applied · your pattern now')).toBeVisible();
  const head = profileTab.locator('.profile-head');
  await expect(head).toHaveAttribute('data-pattern', art);
  await profileTab.setViewportSize({ width: 1920, height: 1080 });
  await shot(profileTab, 'cards-pattern-profile-desktop');
  await profileTab.setViewportSize({ width: 390, height: 844 });
  await profileTab.reload();
  await expect(profileTab.locator('.profile-head')).toHaveAttribute('data-pattern', art);
  await shot(profileTab, 'cards-pattern-profile-mobile');

  // The chat wears it too: the hover card of the player's name in a chat line.
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(pat.page, 'case.getCases');
  await callAsPlayer(pat.page, 'arena-unbox.create', { box_hash: cases.reduce((a, b) => (b.price < a.price ? b : a)).hash, count: 1 });
  await pat.page.goto('/');
  await openChat(pat.page);
  const words = `pattern check ${pat.name}`;
  const field = chatOf(pat.page).getByRole('textbox', { name: 'Message' });
  await field.fill(words);
  await field.press('Enter');
  const line = log(pat.page).locator('.chat-msg', { hasText: words });
  await line.getByRole('link', { name: pat.name, exact: true }).hover();
  const card = pat.page.getByTestId('user-widget');
  await expect(card).toContainText(`@${pat.name}`);
  await expect(card.locator('.user-widget-head')).toHaveAttribute('data-pattern', art);
  await shot(pat.page, 'cards-pattern-chat-card-desktop');

  // And a battle: the player's seat is tiled with it while the battle waits for a second player.
  const cheapest = cases.reduce((a, b) => (b.price < a.price ? b : a));
  const created = await callAsPlayer<{ path: string }>(pat.page, 'arena-battle.create', { scheme: `${cheapest.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
  await pat.page.goto(created.path);
  await expect(pat.page.getByRole('list', { name: 'Seats' }).locator('.seat').first()).toHaveAttribute('data-pattern', art);
  await shot(pat.page, 'cards-pattern-battle-seat-desktop');
  await pat.context.close();
});
