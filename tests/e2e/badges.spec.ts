// Account badges end to end: an achievement brings its badge, the player shows it from their
// settings and everyone sees it on the profile, then hides it again. Screenshots at both widths.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, newPlayerName, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

for (const view of [{ label: 'desktop', width: 1920, height: 1080 }, { label: 'mobile', width: 390, height: 844 }]) {
  test(`${view.label}: choose the badge of an achievement, see it on the profile, hide it`, async ({ page, browser }) => {
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
    await expect(page.getByTestId('shown-badge')).toHaveText('Fresh Cut');
    await choice.scrollIntoViewIfNeeded();
    await shot(page, `badges-settings-${view.label}`);

    // Another visitor sees it on the profile.
    const other = await browser.newContext({ viewport: { width: view.width, height: view.height } });
    const visitor = await other.newPage();
    await visitor.goto(`/@${name}`);
    await expect(visitor.getByTestId('shown-badge')).toHaveText('Fresh Cut');
    await other.close();

    await choice.getByRole('radio', { name: 'None' }).check();
    await expect(page.getByTestId('shown-badge')).toHaveCount(0);
    expect((await callAsPlayer<{ shown: string | null }>(page, 'account.badges')).shown).toBeNull();
  });
}
