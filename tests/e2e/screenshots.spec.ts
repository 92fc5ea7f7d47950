import { expect, test, type Page } from '@playwright/test';
import { header, signInByApi } from './helpers.ts';

// Screenshots for a person to look at (test-results/screenshots/), not pixel comparisons.
const SIZES = [
  { label: 'desktop', width: 1920, height: 1080 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

async function settle(page: Page) {
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // Let the entrance animations of the page and the cards finish.
  await page.waitForTimeout(900);
}

for (const size of SIZES) {
  test(`home page screenshots at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });

    await page.goto('/');
    await settle(page);
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/home-guest-${size.label}.png` });
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
    await page.screenshot({ path: `test-results/screenshots/home-guest-${size.label}-full.png`, fullPage: true });

    const name = await signInByApi(page);
    await page.reload();
    await settle(page);
    await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
    await page.screenshot({ path: `test-results/screenshots/home-signed-in-${size.label}.png` });

    await header(page).getByRole('button', { name }).click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/user-menu-${size.label}.png` });
    await page.keyboard.press('Escape');

    await header(page).getByRole('button', { name }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog', { name: 'Logout' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/logout-modal-${size.label}.png` });
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout', exact: true }).click();

    const loginLabel = size.label === 'mobile' ? 'Login' : 'Login via steam';
    await header(page).getByRole('button', { name: loginLabel, exact: true }).click({ modifiers: ['Shift'] });
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Username').fill('1bad');
    await dialog.getByLabel('Password').fill('secret');
    await dialog.getByLabel('Password').press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect name');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/login-modal-${size.label}.png` });
  });
}
