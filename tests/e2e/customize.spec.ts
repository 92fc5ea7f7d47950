// Customisation end to end: a player with a one-off avatar card uploads an avatar in the
// profile settings and sees it in the header and on their battle seat; the nickname field
// checks availability after typing stops. Screenshots at both widths in test-results/screens/.
import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { pngChunk } from '../../sim-server/domains/customize/image.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** A 64 x 64 PNG: an orange-to-violet diagonal with a white ring, easy to tell from a default avatar. */
function avatarPng(): Buffer {
  const size = 64;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - 32, y - 32);
      const ring = r > 20 && r < 25;
      const t = (x + y) / (2 * size);
      rows.set(ring ? [255, 255, 255] : [Math.round(255 - 120 * t), Math.round(129 - 60 * t), Math.round(8 + 240 * t)], y * (1 + size * 3) + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

async function grant(page: Page, kind: 'avatar' | 'nickname') {
  const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  const answer = (await (await page.request.post('/api/sim/customize/grant', { headers: operatorHeaders(), data: { user: user.hash, kind } })).json()) as { response?: unknown };
  expect(answer.response).toBeDefined();
}

test('upload an avatar and see it in the header and on a battle seat; the nickname check', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page, newPlayerName('avatar'));
  // account.preloadAvatar: without a one-off avatar card the form says so and offers no upload.
  await page.goto(`/@${name}?settings=main`);
  await expect(page.getByText("You don't have any cards for changing the avatar.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeDisabled();
  await shot(page, 'customize-avatar-denied-desktop');
  await grant(page, 'avatar');
  await page.reload();
  await expect(page.getByText('You can upload one avatar.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeEnabled();
  const headerAvatar = header(page).locator('.header-user img.avatar');
  await expect(headerAvatar).toHaveAttribute('data-avatar', 'default');

  // Not an image: refused in the page before any upload.
  await page.getByLabel('Avatar image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a JPG, PNG or GIF image' })).toBeVisible();

  await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatarPng() });
  await expect(page.getByText('Your avatar is updated.')).toBeVisible();
  await expect(headerAvatar).toHaveAttribute('data-avatar', 'own');
  await expect(headerAvatar).toHaveAttribute('src', /^\/api\/avatars\/\d+-[0-9a-f]{16}\.png$/);
  // The image really loads.
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

  // The nickname field: too short, then a free name after the pause.
  const nickname = page.getByRole('textbox', { name: 'Nickname' });
  await nickname.fill('abc');
  await expect(page.getByText('Enter your nickname that is at least 5 letters long')).toBeVisible();
  await nickname.fill(`${name.slice(0, 20)}_n2`);
  await expect(page.getByText('This name is available!')).toBeVisible();
  await shot(page, 'customize-settings-desktop');

  // A battle seat shows it too.
  const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
  const cheapest = cases.reduce((a, b) => (b.price < a.price ? b : a));
  const created = await callAsPlayer<{ path: string }>(page, 'arena-battle.create', { scheme: `${cheapest.hash}-1`, mode: 'solo', number: 2 });
  await page.goto(created.path);
  const seat = page.locator('img.avatar[data-avatar="own"]').first();
  await expect(seat).toBeVisible();
  await expect(seat).toHaveAttribute('src', (await headerAvatar.getAttribute('src'))!);
  await shot(page, 'customize-battle-seat-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/@${name}?settings=main`);
  await expect(page.getByRole('heading', { name: 'Avatar', exact: true })).toBeVisible();
  await page.getByRole('heading', { name: 'Avatar', exact: true }).scrollIntoViewIfNeeded();
  await expect(page.locator('.profile-avatar-upload img.avatar')).toHaveAttribute('data-avatar', 'own');
  await shot(page, 'customize-settings-mobile');

  // Back to the default avatar.
  await page.getByRole('button', { name: 'Use the default avatar' }).click();
  await expect(page.locator('.profile-avatar-upload img.avatar')).toHaveAttribute('data-avatar', 'default');
  await expect(page.getByRole('button', { name: 'Use the default avatar' })).toHaveCount(0);
});
