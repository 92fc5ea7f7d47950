import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, signInByApi } from './helpers.ts';

interface Sound {
  id: string;
  name: string;
  order: number | null;
  user_hash: string | null;
}

/** A fresh browser profile on the arena, as a listener would open it. */
async function openArena(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(() => {
    localStorage.setItem('perf_probe', 'off');
    localStorage.setItem('cookie_accepted', '1');
  });
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

/** Opens the radio hint in the header. */
async function openHint(page: Page) {
  // The prerendered header shows before the app runs; the button needs the app.
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  await header(page).getByRole('button', { name: 'Radio' }).click();
  const hint = page.getByRole('dialog', { name: 'Wave radio' });
  await expect(hint).toBeVisible();
  return hint;
}

/** What the player reports: the sound, howler's position in seconds, and when it was read. */
async function playerState(page: Page) {
  return page.locator('.radio-position').first().evaluate((el: HTMLElement) => ({
    sound: el.dataset.sound ?? '',
    seek: el.dataset.seek === '' || el.dataset.seek === undefined ? null : Number(el.dataset.seek),
    at: Number(el.dataset.at),
  }));
}

/** A song of the library that is neither playing nor waiting. */
async function idleSong(page: Page): Promise<Sound> {
  const { list } = await callAsPlayer<{ list: Sound[] }>(page, 'radio.list', { count: 20 });
  const idle = list.find((s) => s.order === null);
  expect(idle, 'an idle song').toBeDefined();
  return idle!;
}

test('two listeners hear the same song at the same offset', async ({ browser, baseURL }) => {
  // Two browsers fetching and decoding their tracks: slow on a busy two-core machine.
  test.setTimeout(150_000);
  const [a, b] = [await openArena(browser, baseURL), await openArena(browser, baseURL)];
  for (const page of [a, b]) {
    const hint = await openHint(page);
    // Nothing plays before the tap.
    await expect(hint.locator('.radio-position')).toHaveAttribute('data-seek', '');
    await hint.getByRole('button', { name: 'Listen now' }).click();
    await expect(hint.getByRole('button', { name: 'Stop' })).toBeVisible();
  }
  // Both players report a position; then the two positions, each taken back to the moment it
  // was read, agree within a second (a song change between the reads is read again).
  await expect
    .poll(
      async () => {
        const [sa, sb] = [await playerState(a), await playerState(b)];
        if (sa.seek === null || sb.seek === null || sa.sound !== sb.sound) return Number.POSITIVE_INFINITY;
        return Math.abs(sa.seek - sa.at / 1000 - (sb.seek - sb.at / 1000));
      },
      { timeout: 40_000, intervals: [500] },
    )
    .toBeLessThanOrEqual(1);
  // What both play is what the server says plays now (read again across a song change).
  await expect
    .poll(async () => {
      const station = await callAsPlayer<{ current: { id: string } }>(a, 'radio.current');
      const [pa, pb] = [await playerState(a), await playerState(b)];
      return pa.sound === station.current.id && pb.sound === station.current.id;
    })
    .toBe(true);
  const sa = await playerState(a);
  // The position moves on (or the next song has begun): it is played, not shown.
  await expect
    .poll(async () => {
      const now = await playerState(a);
      return now.sound !== sa.sound || (now.seek ?? 0) > sa.seek! + 0.5;
    }, { timeout: 5_000 })
    .toBe(true);

  await a.getByRole('dialog', { name: 'Wave radio' }).getByRole('button', { name: 'Stop' }).click();
  await expect.poll(async () => (await playerState(a)).seek).toBeNull();
  await a.context().close();
  await b.context().close();
});

test('a player requests a song: it is paid once and waits at the head of the queue', async ({ page }) => {
  test.setTimeout(60_000);
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/');
  const song = await idleSong(page);
  const hint = await openHint(page);
  await hint.getByRole('button', { name: 'Open radio' }).click();
  const radio = page.getByRole('dialog', { name: 'Wave radio' }).last();
  await radio.getByRole('button', { name: 'Request a Song' }).click();

  const request = page.getByRole('dialog', { name: 'Request a Song' });
  await expect(request.getByText('A request costs 2.50 coins')).toBeVisible();
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/method/radio.list') && r.url().includes('name=')) searches.push(r.url());
  });
  const box = request.getByRole('searchbox', { name: 'Search the Song' });
  await box.fill(song.name.slice(0, 3));
  await box.fill(song.name);
  // The search runs on the server: the list narrows to the one song of that name.
  await expect(request.locator('.radio-result')).toHaveCount(1);
  const row = request.locator('.radio-result', { hasText: song.name });
  await expect(row).toHaveCount(1);
  // Debounced (500 ms): two quick edits send one search, for the whole name.
  expect(searches.map((url) => new URL(url).searchParams.get('name'))).toEqual([song.name]);
  await row.getByRole('button', { name: 'Request a Song' }).click();
  await expect(row.getByRole('button', { name: 'In the queue' })).toBeDisabled();

  // It waits first in the queue, or the station has already announced it as the next song.
  const state = await callAsPlayer<{ queue: Sound[]; next: { id: string; user_hash: string } | null; current: { id: string } }>(page, 'radio.current');
  const waiting = [...(state.next ? [state.next.id] : []), ...state.queue.map((s) => s.id), state.current.id];
  expect(waiting.filter((id) => id === song.id)).toHaveLength(1);
  expect(state.next?.id === song.id || state.current.id === song.id || state.queue[0]?.id === song.id).toBe(true);
  const history = await callAsPlayer<{ actions: { type: string; amount: number }[] }>(page, 'wallet.getHistory', { count: 20 });
  expect(history.actions.filter((h) => h.type === 'radio_request').map((h) => h.amount)).toEqual([-250]);
  await expect(header(page).getByTestId('balance')).toHaveText('Balance 997.50');

  await request.getByRole('button', { name: 'Back to the radio' }).click();
  await expect(page.getByRole('dialog', { name: 'Wave radio' }).last().locator('.radio-modal')).toContainText(song.name);
});

test('a visitor who likes the song gets the login modal', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/');
  const hint = await openHint(page);
  await hint.getByRole('button', { name: 'Open radio' }).click();
  const radio = page.getByRole('dialog', { name: 'Wave radio' }).last();
  await radio.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /log in|sign in|login/i })).toBeVisible();
});

for (const [label, viewport] of [['desktop', { width: 1920, height: 1080 }], ['phone', { width: 390, height: 844 }]] as const) {
  test(`the radio modal at ${label} width`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await acceptCookiesUpFront(page);
    await signInByApi(page);
    await page.goto('/');
    const song = await idleSong(page);
    await callAsPlayer(page, 'radio.request', { id: song.id });
    const radio = page.getByRole('dialog', { name: 'Wave radio' }).last();
    if (label === 'desktop') {
      await header(page).getByRole('button', { name: 'Radio' }).click();
      await page.getByRole('button', { name: 'Open radio' }).click();
    } else {
      // Phones have no header hint: the menu opens the radio.
      await header(page).getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Radio' }).click();
    }
    await expect(radio.locator('.radio-current')).toBeVisible();
    await expect(radio.locator('.radio-modal')).toContainText(song.name);
    await radio.getByRole('button', { name: 'Listen now' }).click();
    await expect.poll(async () => (await playerState(page)).seek ?? -1, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/radio-modal-${label}.png`, animations: 'disabled' });
    await radio.getByRole('button', { name: 'Request a Song' }).click();
    const request = page.getByRole('dialog', { name: 'Request a Song' });
    await expect(request.locator('.radio-result').first()).toBeVisible();
    await page.screenshot({ path: `test-results/radio-request-${label}.png`, animations: 'disabled' });
  });
}
