import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, connectByApi, header, newPlayerName, signInByApi } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

for (const cookieEvents of [true, false]) {
  // A page on plain http (a site on a home network) has no Cookie Store API: the spec's poll.
  const how = cookieEvents ? 'by the cookie change event' : 'by the poll, where the browser has no Cookie Store API';
  test(`a second tab follows a sign-out in the first within a second, ${how}`, async ({ page, context }) => {
    const name = await signInByApi(page);
    const second = await context.newPage();
    if (!cookieEvents) await second.addInitScript(() => Object.defineProperty(window, 'cookieStore', { value: undefined }));
    await page.goto('/');
    await second.goto('/');
    expect(await second.evaluate(() => typeof (window as { cookieStore?: unknown }).cookieStore)).toBe(cookieEvents ? 'object' : 'undefined');
    await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
    await expect(header(second).getByTestId('balance')).toHaveText('Balance 1,000.00');

    await header(page).getByRole('button', { name }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(header(page).getByRole('button', { name: 'Login via steam' })).toBeVisible();

    await expect(header(second).getByRole('button', { name: 'Login via steam' })).toBeVisible({ timeout: 1_000 });
    await expect(header(second).getByTestId('balance')).toHaveCount(0);
  });
}

test('a second tab follows a sign-in in the first', async ({ page, context }) => {
  const second = await context.newPage();
  await page.goto('/');
  await second.goto('/');
  await expect(header(second).getByRole('button', { name: 'Login via steam' })).toBeVisible();
  // The prerendered page shows the header before the app runs; the shift-click needs the app
  // (CI under load once clicked the prerendered button, and no form opened).
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();

  await header(page).getByRole('button', { name: 'Login via steam' }).click({ modifiers: ['Shift'] });
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Username').fill(newPlayerName('tabs'));
  await dialog.getByLabel('Password').fill('e2e-password');
  await dialog.getByLabel('Password').press('Enter');
  // The sign-in itself may first answer the server's proof-of-work challenge (every e2e player
  // signs up from one address): seconds on a loaded machine. The other tab is timed from there.
  await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00', { timeout: 60_000 });

  await expect(header(second).getByTestId('balance')).toHaveText('Balance 1,000.00', { timeout: 2_000 });
  await expect(header(second).getByRole('img', { name: 'Live' })).toBeVisible();
});

test('logout everywhere signs out the player\'s other open browsers by themselves', async ({ page, browser }) => {
  const name = newPlayerName('every');
  await connectByApi(page.request, name, 'e2e-password');
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await connectByApi(other.request, name, 'e2e-password');
  await other.goto('/');
  await expect(header(other).getByTestId('balance')).toHaveText('Balance 1,000.00');

  await page.goto('/');
  await header(page).getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout everywhere' }).click();
  await expect(header(page).getByRole('button', { name: 'Login via steam' })).toBeVisible();

  // The server drops the other browser's socket session (LEAVED); its next token request
  // meets the revoked session and signs it out, without a reload.
  await expect(header(other).getByRole('button', { name: 'Login via steam' })).toBeVisible({ timeout: 5_000 });
  await elsewhere.close();
});
