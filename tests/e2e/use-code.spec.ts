// The use-code flow (document 1 sections 2.2, 5 and 9): 'Use code' on a partner's profile and
// hover card opens the 545 px modal with the partner's code; a visitor who presses it (or
// Follow) gets the login modal; an unknown code and the code already used are refused with the
// server's words and change nothing. Screenshots at both widths go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** A new player tagged partner through the sim console; answers their name. */
async function partner(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = await signInByApi(page, newPlayerName('partner'));
  const tagged = (await (await page.request.post('/api/sim/partners/tag', { headers: operatorHeaders(), data: { name, tag: 'partner' } })).json()) as { error?: unknown };
  expect(tagged.error).toBeUndefined();
  // A message in the chat, so a hover card of theirs can be opened there.
  await callAsPlayer(page, 'chat.send', { text: `use my code ${name}` });
  await context.close();
  return name;
}

const profileHead = (page: Page) => page.locator('.profile-head');

test('a visitor pressing Use code or Follow gets the login modal', async ({ page, browser }) => {
  const host = await partner(browser);
  await acceptCookiesUpFront(page);
  await page.goto(`/@${host}`);
  await appRunning(page);
  for (const button of ['Use code', 'Follow']) {
    await profileHead(page).getByRole('button', { name: button }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Use code' })).toHaveCount(0);
    await login.getByRole('button', { name: 'Cancel' }).click();
    await expect(login).toHaveCount(0);
  }
});

for (const size of [
  { label: 'desktop', width: 1920, height: 1080 },
  { label: 'mobile', width: 390, height: 844 },
]) {
  test(`${size.label}: a player uses a partner's code from the profile; the same code again and an unknown one are refused and change nothing`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const host = await partner(browser);
    await page.setViewportSize({ width: size.width, height: size.height });
    await acceptCookiesUpFront(page);
    await signInByApi(page, newPlayerName('coder'));
    await page.goto(`/@${host}`);
    await appRunning(page);

    await profileHead(page).getByRole('button', { name: 'Use code' }).click();
    const modal = page.getByRole('dialog', { name: 'Use code' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Code')).toHaveValue(host);
    await settled(page);
    if (size.width === 1920) expect((await modal.boundingBox())!.width).toBe(545);
    else expect((await modal.boundingBox())!.width).toBeLessThan(size.width);
    await shot(page, `use-code-modal-${size.label}`);
    await modal.getByRole('button', { name: 'Claim' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByText('Code applied')).toBeVisible();
    expect(await callAsPlayer<{ partner: { name: string } | null }>(page, 'partnership.getPartner')).toMatchObject({ partner: { name: host }, anonymous: false });

    // The same code again: the server's words, the modal stays, nothing changes.
    await profileHead(page).getByRole('button', { name: 'Use code' }).click();
    await modal.getByLabel('Hide me from the partner’s referral list').check();
    await modal.getByRole('button', { name: 'Claim' }).click();
    await expect(modal.getByRole('alert')).toHaveText('You already use this code');
    await shot(page, `use-code-used-${size.label}`);
    // An unknown code: 28, 'Invalid code'.
    await modal.getByLabel('Code').fill('nobody_has_this_code');
    await expect(modal.getByRole('alert')).toHaveText('');
    await modal.getByRole('button', { name: 'Claim' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Invalid code');
    // Empty: nothing to claim.
    await modal.getByLabel('Code').fill('');
    await expect(modal.getByRole('button', { name: 'Claim' })).toBeDisabled();
    expect(await callAsPlayer<{ partner: { name: string } | null }>(page, 'partnership.getPartner')).toMatchObject({ partner: { name: host }, anonymous: false });
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
  });
}

test('the hover card of a partner in the chat offers Use code with their code', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const host = await partner(browser);
  await acceptCookiesUpFront(page);
  await signInByApi(page, newPlayerName('hover'));
  await page.goto('/');
  await appRunning(page);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('complementary', { name: 'Chat' });
  await chat.getByRole('link', { name: host, exact: true }).first().hover();
  const card = page.getByTestId('user-widget');
  await expect(card.getByRole('button', { name: 'Use code' })).toBeVisible({ timeout: 10_000 });
  await shot(page, 'use-code-hover-card-desktop');
  await card.getByRole('button', { name: 'Use code' }).click();
  await expect(page.getByRole('dialog', { name: 'Use code' }).getByLabel('Code')).toHaveValue(host);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Use code' })).toHaveCount(0);
});
