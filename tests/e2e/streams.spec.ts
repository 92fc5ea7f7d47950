import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, operatorHeaders, signInByApi } from './helpers.ts';

test('a stream started in the sim console shows on /streams at once and leaves when it stops', async ({ page }) => {
  test.setTimeout(60_000);
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page);
  await page.goto('/streams');
  const list = page.getByRole('list', { name: 'Live streams' });
  await expect(page.getByRole('heading', { name: 'Live now' })).toBeVisible();
  // The page must be live (socket up, list loaded) for "at once" to mean the push, not a reload.
  await appRunning(page);
  await expect(page.getByText('Loading the streams…')).toHaveCount(0);

  const started = (await (await page.request.post('/api/sim/streams', { data: { name, channel: 'CrateNight', title: 'Opening gold cases', followers: 12_345 }, headers: operatorHeaders() })).json()) as {
    response: { hash: string };
  };
  const card = list.getByRole('listitem').filter({ hasText: 'Opening gold cases' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('CrateNight');
  await expect(card).toContainText('12.3k followers');
  await expect(card.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', `/api/sim/streams/${started.response.hash}/watch`);

  for (const [label, viewport] of [['desktop', { width: 1920, height: 1080 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await expect(card).toBeVisible();
    await page.screenshot({ path: `test-results/streams-${label}.png` });
  }

  await page.request.post(`/api/sim/streams/${started.response.hash}/stop`, { data: {}, headers: operatorHeaders() });
  await expect(card).toHaveCount(0);
});
