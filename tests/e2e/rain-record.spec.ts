// A past rain's public record: a player joins a rain, it closes and the beacon draws it,
// then anyone (a visitor, in another browser) opens /provably-fair/rain/{hash} and the page
// recomputes the participants' hash and every reward. Screenshots at both widths.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, dropOneItem, newPlayerName, operatorHeaders, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('anyone opens a finished rain and recomputes it in the browser', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(() => localStorage.setItem('perf_probe', 'off'));
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page, newPlayerName('rainrec'));
  await dropOneItem(page);
  await page.goto('/');
  await appRunning(page);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const rain = page.getByRole('complementary', { name: 'Chat' }).getByRole('region', { name: 'Rain' });
  // The pot: the player tips the rain (the house's 0.1% of one case is less than a cent).
  await rain.getByRole('button', { name: 'Tip rain' }).click();
  const tip = page.getByRole('dialog', { name: 'Tip the rain' });
  await tip.getByLabel('Amount (coins)').fill('25');
  await tip.getByRole('button', { name: 'Add to the pot' }).click();
  await expect(tip).toBeHidden();
  const started = (await (await page.request.post('/api/sim/rain/start', { headers: operatorHeaders() })).json()) as { response?: { hash: string } };
  const hash = started.response!.hash;
  await rain.getByRole('button', { name: 'Join the rain' }).click();
  const join = page.getByRole('dialog', { name: 'Join the rain' });
  await expect(join.getByRole('button', { name: 'Join' })).toBeEnabled({ timeout: 30_000 });
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(rain.getByText('You are a participant')).toBeVisible();
  // The world console closes the two minutes of joining now; the first beacon block after the close (a second) draws it.
  const closed = (await (await page.request.post('/api/sim/world/rain/close', { headers: operatorHeaders() })).json()) as { response?: { hash: string } };
  expect(closed.response?.hash).toBe(hash);
  await expect
    .poll(async () => (await callAsPlayer<{ rain: { rewards: unknown[] } | null }>(page, 'chat-rain.getRewards', { rain_hash: hash })).rain?.rewards.length ?? 0, { timeout: 15_000, intervals: [500] })
    .toBeGreaterThan(0);
  // The chat tells the rewards (rakeback_rain).
  await expect(page.getByRole('complementary', { name: 'Chat' }).locator('[data-origin="rakeback_rain"]').filter({ hasText: 'The rain paid' }).last()).toContainText(name, { timeout: 10_000 });

  for (const viewport of [{ width: 1920, height: 1080, label: 'desktop' }, { width: 390, height: 844, label: 'mobile' }]) {
    const visitor = await browser.newContext({ viewport });
    const seen = await visitor.newPage();
    await acceptCookiesUpFront(seen);
    await seen.goto(`/provably-fair/rain/${hash}`);
    await expect(seen.getByRole('heading', { name: `Rain ${hash}` })).toBeVisible({ timeout: 15_000 });
    await expect(seen.getByRole('table', { name: 'Rewards' })).toContainText(name);
    await seen.getByRole('button', { name: 'Recompute here' }).click();
    await expect(seen.getByRole('status').filter({ hasText: /Recomputed|Mismatch/ })).toContainText('the participants match their hash and all 1 rewards (25.');
    await seen.screenshot({ path: `${SHOTS}/rain-record-${viewport.label}.png`, fullPage: true });
    await visitor.close();
  }
  // A rain id that does not exist says so.
  await page.goto('/provably-fair/rain/SF999999');
  await expect(page.getByText('Rain not found.')).toBeVisible({ timeout: 15_000 });
  await context.close();
});
