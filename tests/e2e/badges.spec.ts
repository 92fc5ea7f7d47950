// Account badges end to end: an achievement brings its badge, the player shows it from their
// settings, and everyone sees it beside the player's name: on the profile, in the chat (a line
// arriving live and the same line read later) and on the hover card. Hidden again, it is gone
// from all of them. Screenshots at both widths.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, newPlayerName, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Chat' });
const lineOf = (page: Page, text: string) => chatOf(page).getByRole('log', { name: 'Chat messages' }).locator('.chat-msg', { hasText: text });

/**
 * Opens the chat panel and waits for its code and first page of messages. A click on the
 * prerendered header before the app has taken it over does nothing, so it clicks again until
 * the panel is there (once open, the button reads Close chat and is left alone).
 */
async function openChat(page: Page) {
  const log = chatOf(page).getByRole('log', { name: 'Chat messages' });
  await expect(async () => {
    if (!(await log.isVisible())) await page.getByRole('button', { name: 'Open chat' }).click({ timeout: 2000 });
    await expect(log).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });
}

/** Sends a line once the send delay of the last one has run out. */
async function say(page: Page, text: string) {
  const field = chatOf(page).getByRole('textbox', { name: 'Message' });
  await expect(field).not.toHaveAttribute('placeholder', /^Wait/, { timeout: 6000 });
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

for (const view of [{ label: 'desktop', width: 1920, height: 1080 }, { label: 'mobile', width: 390, height: 844 }]) {
  test(`${view.label}: a chosen badge shows beside the name on the profile, in the chat and on the hover card`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: view.width, height: view.height });
    await acceptCookiesUpFront(page);
    const name = await signInByApi(page, newPlayerName('badger'));
    const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
    await callAsPlayer(page, 'arena-unbox.create', { box_hash: cases.reduce((a, b) => (b.price < a.price ? b : a)).hash, count: 1 });

    await page.goto(`/@${name}?settings=main`);
    const choice = page.getByRole('radiogroup', { name: 'Badge shown beside your name' });
    await expect(choice.getByRole('radio', { name: 'None' })).toBeChecked();
    await choice.getByRole('radio', { name: 'Fresh Cut' }).check();
    await expect(choice.getByRole('radio', { name: 'Fresh Cut' })).toBeChecked();
    const ownHead = page.locator('.profile-display');
    await expect(ownHead).toContainText(name);
    await expect(ownHead.getByTestId('name-badge')).toHaveText('Fresh Cut');
    await ownHead.scrollIntoViewIfNeeded();
    await shot(page, `badges-profile-${view.label}`);
    await choice.scrollIntoViewIfNeeded();
    await shot(page, `badges-settings-${view.label}`);

    // A visitor reading the chat sees the player's new line arrive with the badge beside the name.
    const other = await browser.newContext({ viewport: { width: view.width, height: view.height } });
    const visitor = await other.newPage();
    await acceptCookiesUpFront(visitor);
    await visitor.goto('/');
    await openChat(visitor);
    await openChat(page);
    const words = `badge check ${name}`;
    await say(page, words);
    for (const reader of [page, visitor]) {
      const line = lineOf(reader, words);
      await expect(line.locator('.chat-name')).toContainText(name);
      await expect(line.getByTestId('name-badge')).toHaveText('Fresh Cut');
    }
    await shot(visitor, `badges-chat-live-${view.label}`);

    // Hovering the name in the chat opens the player's card, badge beside the name.
    const card = visitor.getByTestId('user-widget');
    await lineOf(visitor, words).getByRole('link', { name, exact: true }).hover();
    await expect(card).toBeVisible();
    await expect(card).toContainText(`@${name}`);
    await expect(card.getByTestId('name-badge')).toHaveText('Fresh Cut');
    await shot(visitor, `badges-card-${view.label}`);

    // The same line read later (the chat's history) and the profile as the visitor sees it.
    await visitor.goto(`/@${name}`);
    await expect(visitor.locator('.profile-display').getByTestId('name-badge')).toHaveText('Fresh Cut');
    await visitor.reload();
    await openChat(visitor);
    await expect(lineOf(visitor, words).getByTestId('name-badge')).toHaveText('Fresh Cut');

    // Hidden again: gone from the profile, and a new line carries no badge.
    await page.goto(`/@${name}?settings=main`);
    await choice.getByRole('radio', { name: 'None' }).check();
    await expect(choice.getByRole('radio', { name: 'None' })).toBeChecked();
    await expect(page.locator('.profile-display').getByTestId('name-badge')).toHaveCount(0);
    expect((await callAsPlayer<{ shown: string | null }>(page, 'account.badges')).shown).toBeNull();
    await openChat(page);
    const plain = `no badge now ${name}`;
    await say(page, plain);
    await expect(lineOf(visitor, plain).locator('.chat-name')).toContainText(name);
    await expect(lineOf(visitor, plain).getByTestId('name-badge')).toHaveCount(0);
    await other.close();
  });
}
