// The Battle Pass end to end: a player buys the pass and its upgrade in the purchase modal,
// wagers on cases to climb a tier, claims tier rewards, collects a coins card and opens an
// avatar pack and a pattern pack on the pack roulette in the inventory. Screenshots at both widths go to
// test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, newPlayerName, settled, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Opens the cheapest case once per call until `exp` cents were wagered; answers what it cost. */
async function wagerAtLeast(page: Page, exp: number): Promise<number> {
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
  const cheapest = cases.reduce((a, b) => (b.price < a.price ? b : a));
  let spent = 0;
  while (spent < exp) {
    await callAsPlayer(page, 'arena-unbox.create', { box_hash: cheapest.hash, count: 1 });
    spent += cheapest.price;
  }
  return spent;
}

const tiers = (page: Page) => page.getByRole('list', { name: 'Tiers' });
const balance = (page: Page) => header(page).getByTestId('balance');

test('buy the pass, climb a tier, claim, and open a pack', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page, newPlayerName('bp'));
  await page.goto('/battlepass');
  // The header's Season entry tells the truth now: it leads here.
  await expect(header(page).getByRole('link', { name: 'Season' })).toBeVisible();
  await expect(page.getByTestId('bp-tier')).toContainText('Tier 0');
  // How long the season has left, beside its number.
  await expect(page.locator('.page-eyebrow')).toHaveText(/^Season \d+ · ends in \d+ (days|hours|minutes)$/);
  await expect(tiers(page).getByRole('listitem')).toHaveCount(30);
  await expect(tiers(page).getByRole('button', { name: /Claim/ })).toHaveCount(0);
  await shot(page, 'battlepass-start-desktop');

  // The purchase modal: the pass, then the upgrade (five tiers ahead).
  await page.getByRole('link', { name: 'Get the Battle Pass' }).click();
  await expect(page).toHaveURL(/\/battlepass\/purchase$/);
  const modal = page.getByRole('dialog', { name: 'Get the Battle Pass' });
  await expect(modal.getByRole('button', { name: /Upgrade for/ })).toBeDisabled();
  await shot(page, 'battlepass-purchase-desktop');
  const before = (await balance(page).textContent()) ?? '';
  await modal.getByRole('button', { name: 'Buy for 9.99' }).click();
  await expect(page).toHaveURL(/\/battlepass$/);
  await expect(balance(page)).not.toHaveText(before);
  await expect(page.locator('.bp-progress-pass')).toHaveText('Battle Pass');

  // Climb: wagering 1,000 cents of cases earns the 1,000 season experience of tier 1.
  await wagerAtLeast(page, 1_000);
  await page.goto('/battlepass');
  await expect(page.getByTestId('bp-tier')).toContainText('Tier 1');
  await tiers(page).getByRole('button', { name: 'Claim tier 1 free reward' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your inventory' })).toBeVisible();
  await expect(tiers(page).getByRole('listitem').first().getByText('Claimed')).toHaveCount(1);
  await tiers(page).getByRole('button', { name: 'Claim tier 1 premium reward' }).click();
  await expect(tiers(page).getByRole('listitem').first().getByText('Claimed')).toHaveCount(2);
  await expect(tiers(page).getByRole('button', { name: 'Claim tier 2 free reward' })).toHaveCount(0);

  // The upgrade: tiers 2 to 6 open at once; tier 2's premium reward is an avatar pack.
  await page.getByRole('link', { name: 'Upgrade the pass' }).click();
  await page.getByRole('dialog', { name: 'Get the Battle Pass' }).getByRole('button', { name: 'Upgrade for 14.99' }).click();
  await expect(page).toHaveURL(/\/battlepass$/);
  await expect(page.getByTestId('bp-tier')).toContainText('Tier 6');
  await tiers(page).getByRole('button', { name: 'Claim tier 2 premium reward' }).click();
  await expect(tiers(page).getByRole('button', { name: 'Claim tier 2 premium reward' })).toHaveCount(0);
  await tiers(page).getByRole('button', { name: 'Claim tier 6 premium reward' }).click();
  await expect(tiers(page).getByRole('button', { name: 'Claim tier 6 premium reward' })).toHaveCount(0);
  await tiers(page).getByRole('button', { name: 'Claim tier 5 free reward' }).click();
  await expect(tiers(page).getByRole('button', { name: 'Claim tier 5 free reward' })).toHaveCount(0);
  await shot(page, 'battlepass-claimed-desktop');

  // The inventory holds the cards: a coins card pays its coins to the balance.
  await page.goto('/inventory');
  const cards = page.getByRole('list', { name: 'Your cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(5);
  const beforeCoins = (await balance(page).textContent()) ?? '';
  await cards.getByRole('button', { name: 'Collect Coins card' }).first().click();
  await expect(cards.getByRole('listitem')).toHaveCount(4);
  await expect(balance(page)).not.toHaveText(beforeCoins);
  await shot(page, 'battlepass-inventory-cards-desktop');

  // An avatar pack: the roulette spins to the avatar the server chose, then the reward modal.
  await cards.getByRole('button', { name: 'Unpack Avatar pack' }).first().click();
  const stage = page.getByRole('region', { name: 'Pack roulette' });
  await expect(stage).toBeVisible();
  await expect(stage).toHaveAttribute('data-phase', 'spinning');
  await shot(page, 'battlepass-pack-spinning-desktop');
  const reward = page.getByTestId('pack-reward');
  await expect(reward).toBeVisible({ timeout: 20_000 });
  const won = (await reward.locator('.reward-name').textContent()) ?? '';
  expect(won.length).toBeGreaterThan(0);
  const art = (await reward.locator('img.reward-art').getAttribute('src')) ?? '';
  expect(art).toMatch(/^\/avatars\//);
  await shot(page, 'battlepass-pack-reward-desktop');
  // 'Apply avatar' wears it: the header shows it and the profile opens in a new tab.
  const headerAvatar = header(page).locator('.header-user img.avatar');
  await expect(headerAvatar).toHaveAttribute('data-avatar', 'default');
  const [profileTab] = await Promise.all([page.context().waitForEvent('page'), reward.getByRole('button', { name: 'Apply avatar' }).click()]);
  await expect(profileTab).toHaveURL(new RegExp(`/@${name}$`));
  await profileTab.close();
  await expect(reward.getByText('Applied · your avatar now')).toBeVisible();
  await expect(headerAvatar).toHaveAttribute('data-avatar', 'own');
  await expect(headerAvatar).toHaveAttribute('src', art);
  await shot(page, 'battlepass-pack-applied-desktop');
  await reward.getByRole('button', { name: 'Close' }).click();
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  const owned = await callAsPlayer<{ assets: { name: string }[] }>(page, 'resource.assets', { type: 'avatar' });
  expect(owned.assets.map((a) => a.name)).toEqual([won]);

  // The case card opens its case for free from the case page ('Open case' with ?action=open_card).
  const { data: caseCards } = await callAsPlayer<{ data: { key: string; count: number }[] }>(page, 'arena-case.cards');
  expect(caseCards).toHaveLength(1);
  const beforeCase = (await balance(page).textContent()) ?? '';
  await page.goto(`/case/${caseCards[0]!.key}?action=open_card`);
  const free = page.getByRole('button', { name: 'Open free with a case card (1)' });
  await expect(free).toBeFocused();
  await shot(page, 'battlepass-case-card-desktop');
  await free.click();
  await expect(page).toHaveURL(new RegExp(`/case/${caseCards[0]!.key}/[A-Za-z0-9]{32}$`));
  await expect(page.getByRole('region', { name: 'Roulette' })).toBeVisible();
  await expect(balance(page)).toHaveText(beforeCase);

  // The same on a phone: the tiers, the inventory's cards and the second pack.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/battlepass');
  await expect(page.getByTestId('bp-tier')).toContainText('Tier 6');
  await shot(page, 'battlepass-mobile');
  await page.goto('/inventory');
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'battlepass-inventory-cards-mobile');
  // Tier 6's premium reward is a pattern pack (decision 0034): it spins the same roulette.
  await cards.getByRole('button', { name: 'Unpack Pattern pack' }).click();
  await expect(page.getByRole('region', { name: 'Pack roulette' })).toBeVisible();
  await shot(page, 'battlepass-pack-spinning-mobile');
  await expect(page.getByTestId('pack-reward')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pack-reward').locator('img.reward-art')).toHaveAttribute('src', /^\/patterns\//);
  await shot(page, 'battlepass-pack-reward-mobile');
});
