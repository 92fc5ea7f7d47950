import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, header, settled, signInByApi } from './helpers.ts';

// Screenshots for a person to look at (test-results/screenshots/), not pixel comparisons.
const SIZES = [
  { label: 'desktop', width: 1920, height: 1080 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });

async function settle(page: Page) {
  await expect(header(page).getByRole('link', { name: 'SkinFans Arena, home' })).toBeVisible();
  // The entrance animations of the page and the cards finish.
  await settled(page);
}

/** A signed-in page once the app has filled in the player's parts the prerendered copy leaves blank. */
async function settleSignedIn(page: Page) {
  await expect(header(page).getByTestId('balance')).toHaveText(/^Balance [\d,]+\.\d\d$/);
  await settle(page);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`guest pages: home with the cookie banner, cases, 404, the login form`, async ({ page }) => {
      await page.goto('/');
      await settle(page);
      await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
      await shot(page, `home-guest-${size.label}`);
      await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
      await shot(page, `home-guest-${size.label}-full`, true);

      await page.goto('/cases');
      await expect(page.getByRole('list', { name: 'Cases' }).getByRole('link').first()).toBeVisible();
      await settle(page);
      await shot(page, `cases-${size.label}`);
      await shot(page, `cases-${size.label}-full`, true);

      await page.goto('/this/is/not/a/page');
      await settle(page);
      await shot(page, `404-${size.label}`);

      const loginLabel = size.label === 'mobile' ? 'Login' : 'Login via steam';
      await header(page).getByRole('button', { name: loginLabel, exact: true }).click({ modifiers: ['Shift'] });
      const dialog = page.getByRole('dialog', { name: 'Login' });
      await dialog.getByLabel('Username').fill('1bad');
      await dialog.getByLabel('Password').fill('secret');
      await dialog.getByLabel('Password').press('Enter');
      await expect(dialog.getByRole('alert')).toHaveText('Incorrect name');
      await settled(page);
      await shot(page, `login-modal-${size.label}`);
    });

    test(`signed-in pages: home, a toast, the menus`, async ({ page }) => {
      await acceptCookiesUpFront(page);
      let socket: WebSocketRoute | undefined;
      await page.routeWebSocket(/\/ws$/, (ws) => {
        socket = ws;
        ws.connectToServer();
      });
      await signInByApi(page);
      await page.goto('/');
      await settle(page);
      await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
      await shot(page, `home-signed-in-${size.label}`);

      socket!.send(JSON.stringify({ type: 'WALLET_BALANCE_CHANGED', data: { currency: 'SFC', balance: 112_500, amount: 12_500, type: 'compensation', hash: 'SF0000000077' } }));
      await expect(page.getByTestId('toast').filter({ hasText: 'Compensation' })).toBeVisible();
      await settled(page);
      await shot(page, `toast-${size.label}`);

      if (size.label === 'mobile') {
        await header(page).getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await settled(page);
        await shot(page, 'mobile-menu-mobile');
        await page.keyboard.press('Escape');
      } else {
        await header(page).getByRole('button', { name: /wallet details/ }).click();
        await settled(page);
        await shot(page, 'wallet-hint-desktop');
        await page.keyboard.press('Escape');
        await header(page).getByRole('button', { name: 'Settings' }).click();
        await expect(page.getByRole('switch', { name: /Performance mode/ })).toBeVisible();
        await shot(page, 'settings-desktop');
        await page.keyboard.press('Escape');
      }

    });

    test(`signed-in pages: wallet, inventory, a case, battles, fairness`, async ({ page }) => {
      test.setTimeout(60_000);
      await acceptCookiesUpFront(page);
      await signInByApi(page);
      await page.goto('/wallet');
      await settleSignedIn(page);
      await shot(page, `wallet-${size.label}`);
      await page.goto('/wallet/history');
      await expect(page.getByRole('table')).toBeVisible();
      await shot(page, `wallet-history-${size.label}`);
      await page.goto('/inventory');
      await settleSignedIn(page);
      await shot(page, `inventory-${size.label}`);

      await page.goto('/cases');
      const first = page.getByRole('list', { name: 'Cases' }).getByRole('link').first();
      await first.click();
      await expect(page.getByRole('heading', { name: 'What it can drop' })).toBeVisible();
      await settle(page);
      await shot(page, `case-${size.label}`);
      await page.goto('/battles');
      await settle(page);
      await shot(page, `battles-${size.label}`);
      await page.goto('/provably-fair');
      await settle(page);
      await shot(page, `fairness-${size.label}`);
    });
  });
}

test('the laptop header folds into the menu drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await acceptCookiesUpFront(page);
  await signInByApi(page);
  await page.goto('/');
  await settle(page);
  await shot(page, 'home-signed-in-laptop');
  await header(page).getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await settled(page);
  await shot(page, 'mobile-menu-laptop');
});
