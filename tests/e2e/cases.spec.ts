// Cases end to end on the real sim-server: open a case, watch the PixiJS roulette land on the
// item the server chose, find it in the inventory, sell it, and check its ticket in the verify
// modal. Screenshots for a person to look at go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { GFX_CHROMIUM_ARGS } from './fixtures/gfx/build.ts';
import { CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { acceptCookiesUpFront, dropOneItem, expectLive, header, offlineCopyKept, settled, signInByApi, underServiceWorker } from './helpers.ts';

test.use(FULL_MOTION);

const SHOTS = 'test-results/screens';
const SIZES = [
  { label: 'desktop', width: 1920, height: 1080 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

type RollAnswer = { response: { item: { name: string; price: number }; asset: { hash: string }; drop: { hash: string; ticket: number; nonce: number } } };

// WebGL on SwiftShader, so the roulette really draws in headless Chromium.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: GFX_CHROMIUM_ARGS } });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The header's balance in cents. */
async function balance(page: Page): Promise<number> {
  const text = (await header(page).getByTestId('balance').textContent()) ?? '';
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('opening a case spins to the server’s drop, which lands in the inventory, sells, and verifies', async ({ page }) => {
      test.setTimeout(120_000);
      await acceptCookiesUpFront(page);
      await signInByApi(page);

      await page.goto('/cases');
      const list = page.getByRole('list', { name: 'Cases' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      // Dearest first puts the most expensive case on top; the search narrows by name.
      const cheapest = (await list.getByRole('listitem').first().locator('.case-name').textContent())!;
      await page.getByLabel('Sort by price').selectOption('price_desc');
      await expect(list.getByRole('listitem').first().locator('.case-name')).not.toHaveText(cheapest);
      await page.getByLabel('Sort by price').selectOption('price_asc');
      await page.getByRole('searchbox').fill(cheapest);
      await expect(list.getByRole('listitem').first().locator('.case-name')).toHaveText(cheapest);
      await expect(list.getByRole('link', { name: `Add ${cheapest} to battle` })).toHaveAttribute('href', /\/battle\/create\?case=[\w-]+/);
      await page.getByRole('searchbox').fill('');
      await settled(page);
      await shot(page, `cases-${size.label}`);

      await list.getByRole('link', { name: `Open ${cheapest}` }).click();
      await expect(page).toHaveURL(/\/case\/[\w-]+\?action=open_card$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(cheapest);
      // The pool figures come from the fairness worker.
      await expect(page.getByTestId('pool-ev')).toContainText('of the price');
      await expect(page.getByTestId('pool-above')).toContainText('in 1 opening');
      // Every card shows its item's chance, from the same answer of the worker.
      const cards = page.getByRole('list', { name: `Items in ${cheapest}` }).getByRole('listitem');
      await expect(cards.first().locator('.item-note')).toHaveText(/^(\d+\.\d+%|< 0\.001%)$/);
      await expect(cards.locator('.item-note', { hasText: '…' })).toHaveCount(0);
      await page.getByRole('radio', { name: '5 openings', exact: true }).click();
      await expect(page.getByTestId('pool-above')).toContainText('in 5 openings');
      await page.getByRole('radio', { name: '1 opening', exact: true }).click();
      await settled(page);
      await shot(page, `case-${size.label}`);

      const before = await balance(page);
      const rolled = page.waitForResponse((response) => response.url().includes('/arena-unbox.roll'));
      await page.getByRole('button', { name: /^Open case for/ }).click();
      const roll = ((await (await rolled).json()) as RollAnswer).response;
      await expect(page).toHaveURL(/\/case\/[\w-]+\/\w{32}$/);
      const stage = page.getByRole('region', { name: 'Roulette' });
      // PixiJS loads lazily; on a busy two-core machine that can take a while.
      await expect(stage).toHaveAttribute('data-roulette', 'ready', { timeout: 15_000 });
      await expect(stage).toHaveAttribute('data-phase', 'spinning', { timeout: 10_000 });
      // Any moment of the spin makes the spinning screenshot.
      await shot(page, `unbox-spinning-${size.label}`);

      // What the strip stopped on is the server's drop.
      await expect(page.getByTestId('landed-item')).toHaveText(roll.item.name, { timeout: 15_000 });
      await expect(stage).toHaveAttribute('data-phase', 'revealed');
      await expect(page.getByTestId('rolls-left')).toHaveText('0 of 1 roll left');
      await settled(page);
      await shot(page, `unbox-landed-${size.label}`);
      const paid = before - (await balance(page));
      expect(paid).toBeGreaterThan(0);

      // Verify the drop: rotate the seed pair to reveal its server seed, then recompute the ticket.
      const gamePath = new URL(page.url()).pathname;
      await page.getByRole('link', { name: 'Verify roll 1' }).click();
      const modal = page.getByRole('dialog', { name: 'Verify a ticket' });
      await expect(modal.getByTestId('ticket')).toHaveAccessibleName('Ticket 00000');
      await expect(modal.getByTestId('nonce-digits')).toHaveAccessibleName(`Nonce ${roll.drop.nonce}`);
      await modal.getByRole('tab', { name: 'Seeds' }).click();
      await expect(modal.getByTestId('client-seed')).toHaveText(/\S+/);
      // The client seed modal offers 10 random characters; Esc closes only it.
      await modal.getByRole('button', { name: 'Change client seed' }).click();
      const seedModal = page.getByRole('dialog', { name: 'Change your client seed' });
      await expect(seedModal.getByLabel('New client seed')).toHaveValue(/^[A-Za-z0-9]{10}$/);
      await settled(page);
      await shot(page, `client-seed-modal-${size.label}`);
      await page.keyboard.press('Escape');
      await expect(seedModal).toHaveCount(0);
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Rotate server seed' }).click();
      await expect(modal.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
      await shot(page, `verify-seeds-${size.label}`);
      await modal.getByRole('button', { name: 'Verify with this seed' }).click();
      const ticket = String(roll.drop.ticket).padStart(5, '0');
      await expect(modal.getByTestId('ticket')).toHaveAccessibleName(`Ticket ${ticket}`);
      await expect(modal.getByTestId('verdict')).toHaveText(`Matches the recorded ticket ${ticket}.`);
      await settled(page);
      await shot(page, `verify-modal-${size.label}`);
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`${gamePath}$`));

      // The game's fairness page replays the whole record in the worker, now that the seed is out.
      await page.goto(`/provably-fair/${gamePath.split('/').at(-1)}`);
      await expect(page.getByTestId('replay-verdict')).toHaveText('Every one of 1 tickets was recomputed in your browser and matches.');
      await expect(page.getByRole('table')).toContainText(ticket);

      // The drop is in the inventory; selling it puts its price on the balance.
      await page.goto('/inventory');
      const sell = page.getByRole('button', { name: new RegExp(`^Sell ${escapeRegExp(roll.item.name)} for`) });
      await expect(sell).toBeVisible();
      await settled(page);
      await shot(page, `inventory-${size.label}`);
      const held = await balance(page);
      await sell.click();
      await expect(sell).toHaveCount(0);
      await expect.poll(() => balance(page)).toBe(held + roll.item.price);
    });
  });
}

test('the home page shows live drops as they land, from any player', async ({ page, browser }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Live drops' });
  await expect(strip).toContainText('show up here');
  // The strip listens once the socket is up.
  await expectLive(page);

  // Another player opens a case in their own browser.
  const other = await browser.newContext();
  const player = await other.newPage();
  await signInByApi(player);
  const { asset: item } = await dropOneItem(player);
  await other.close();

  await expect(strip.getByRole('link', { name: new RegExp(`^${escapeRegExp(item.name)} .* coins by `) })).toBeVisible();
  await shot(page, 'home-live-drops-desktop');
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a case seen once opens offline from its copy in IndexedDB, with its items', async ({ page, context }) => {
    test.setTimeout(90_000);
    await acceptCookiesUpFront(page);
    await page.goto('/cases');
    await underServiceWorker(page);
    const first = page.getByRole('list', { name: 'Cases' }).getByRole('listitem').first();
    const name = (await first.locator('.case-name').textContent())!;
    await first.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)} [0-9]`) }).click();
    const items = page.getByRole('list', { name: `Items in ${name}` });
    await expect(items.getByRole('listitem').first()).toBeVisible();
    const count = await items.getByRole('listitem').count();
    await offlineCopyKept(page, JSON.stringify(['cases', 'box', decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!)]));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(items.getByRole('listitem')).toHaveCount(count);
    await context.setOffline(false);
  });
});
