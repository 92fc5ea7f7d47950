// Level rewards' keys end to end: a player reaches level 80 through one real wager (an XP
// Multiplier booster granted through the sim console, as a card or the Battle Pass would,
// multiplies its experience), claims the level's reward on /rewards, sees its keys in the
// "Your keys" panel and opens a case with a key at desktop and mobile widths.
// Screenshots go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LEVEL_EXP } from '../../src/core/levels.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, expectLive, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The level the player is brought to: keys come with level rewards from 75. */
const LEVEL = 80;

test('reach level 80 with a real wager, claim its reward and open a case with a key at both widths', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('keys'));
  const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
  const cheapest = cases.reduce((a, b) => (b.price < a.price ? b : a));

  // One cent wagered earns one experience point; the multiplier lands the wager in the middle of LEVEL.
  const target = Math.floor((LEVEL_EXP[LEVEL]! + LEVEL_EXP[LEVEL + 1]!) / 2);
  const multiplierMilli = Math.ceil((target * 1000) / cheapest.price);
  const granted = await page.request.post('/api/sim/boosters/grant', { headers: operatorHeaders(), data: { user: user.hash, kind: 'xp_multiplier', params: { multiplier_milli: multiplierMilli } } });
  const { response } = (await granted.json()) as { response: { hash: string } };
  await callAsPlayer(page, 'booster.activate', { booster_hash: response.hash });
  await callAsPlayer(page, 'arena-unbox.create', { box_hash: cheapest.hash, count: 1 });

  await page.goto('/rewards');
  await expectLive(page);
  await expect(page.locator('.rewards-level')).toHaveText(`Level ${LEVEL}`);
  const claim = page.getByRole('button', { name: `Claim level ${LEVEL} reward` });
  const item = page.getByRole('list', { name: 'Level rewards' }).getByRole('listitem').filter({ hasText: `Level ${LEVEL}` }).first();
  const offered = Number(/\+ (\d+) keys?/.exec((await item.textContent()) ?? '')?.[1] ?? 0);
  expect(offered).toBeGreaterThan(1);
  await claim.click();
  await expect(item).toContainText('Claimed');

  // The keys panel: the case's name and picture, the keys held and an Open button.
  const keys = page.getByRole('list', { name: 'Your keys' });
  const key = keys.getByRole('listitem').first();
  await expect(key.locator('.rewards-key-count')).toHaveText(`${offered} keys`);
  // The picture loads lazily: bring the panel into view first (the claim scrolled the page down).
  await key.scrollIntoViewIfNeeded();
  await expect(key.locator('img')).toHaveJSProperty('complete', true);
  const caseName = (await key.locator('.rewards-key-name').textContent())!;
  const open = key.getByRole('button', { name: `Open ${caseName} with a key` });
  await expect(open).toBeVisible();
  await shot(page, 'level-keys-desktop');

  // A key opens its case at once: the case's page with the game the key started, one key fewer.
  await open.click();
  await expect(page).toHaveURL(/\/case\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(caseName);
  // The game rolls by itself: its drop lands in the game's list.
  await expect(page.getByText('No drops yet.')).toHaveCount(0, { timeout: 30_000 });
  await shot(page, 'level-keys-opened-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/rewards');
  await expectLive(page);
  await expect(key.locator('.rewards-key-count')).toHaveText(`${offered - 1} ${offered - 1 === 1 ? 'key' : 'keys'}`);
  await key.scrollIntoViewIfNeeded();
  const box = await key.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390 + 0.5);
  await shot(page, 'level-keys-mobile');
  await open.click();
  await expect(page).toHaveURL(/\/case\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(caseName);
  await expect(page.getByText('No drops yet.')).toHaveCount(0, { timeout: 30_000 });
  await shot(page, 'level-keys-opened-mobile');

  // The server agrees: two keys spent, the rest held.
  const levels = await callAsPlayer<{ keys: { count: number }[] }>(page, 'rewards.levels');
  expect(levels.keys[0]?.count ?? 0).toBe(offered - 2);
});
