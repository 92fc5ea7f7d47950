/**
 * The header at common laptop widths (issue 12: at 1440 px the Race+ badge was cut off under
 * the overflow button): every header control lies whole inside the header, and none covers another.
 * The second set fills the header as a busy player sees it (issue 15: at 1920 px the booster
 * rocket pushed Race+ and its countdown out of the game menu): a running booster with its
 * timer, the deposit bonus badge, a case roll and a battle in progress.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, operatorHeaders, signInByApi } from './helpers.ts';

type Box = { x: number; y: number; width: number; height: number; name: string };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Every visible header control's box, and whether an ancestor that hides its overflow (or the bar) cuts it. */
async function headerBoxes(page: Page) {
  return header(page).evaluate((root) => {
    const out: { x: number; y: number; width: number; height: number; name: string; clipped: boolean }[] = [];
    const bar = root.getBoundingClientRect();
    for (const el of root.querySelectorAll<HTMLElement>('a, button')) {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || r.width === 0 || el.closest('[hidden], [aria-hidden="true"], dialog:not([open])')) continue;
      // Clipped by an ancestor that hides its overflow (a nav that cuts its last item).
      let clipped = r.left < bar.left - 0.5 || r.right > bar.right + 0.5;
      for (let p = el.parentElement; p && p !== root.parentElement; p = p.parentElement) {
        const ps = getComputedStyle(p);
        if (ps.overflowX !== 'visible' || ps.overflow !== 'visible') {
          const pr = p.getBoundingClientRect();
          if (r.left < pr.left - 0.5 || r.right > pr.right + 0.5) clipped = true;
        }
      }
      out.push({ x: r.x, y: r.y, width: r.width, height: r.height, name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', clipped });
    }
    return out;
  });
}

for (const width of [1280, 1440, 1536, 1600, 1700, 1800, 1920]) {
  test(`at ${width} px every header control shows whole, signed in`, async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page);
    await page.goto('/');
    await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
    const boxes = await headerBoxes(page);
    await page.screenshot({ path: `test-results/screens/header-${width}.png`, clip: { x: 0, y: 0, width, height: 80 } });
    expect(boxes.filter((b) => b.clipped).map((b) => b.name)).toEqual([]);
    const covered = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlaps(a, b)).map((b) => `${a.name} / ${b.name}`));
    expect(covered).toEqual([]);
  });
}

/** Grants the page's player a booster through the sim console (as a card would). */
async function grantBooster(page: Page, userHash: string, kind: string, params: Record<string, number> = {}): Promise<string> {
  const answer = (await (await page.request.post('/api/sim/boosters/grant', { headers: operatorHeaders(), data: { user: userHash, kind, params } })).json()) as { response: { hash: string } };
  return answer.response.hash;
}

for (const width of [390, 1280, 1440, 1536, 1600, 1700, 1800, 1920, 2150]) {
  test(`at ${width} px a busy player's header shows every control whole: booster timer, bonus badge, running games, Race+ countdown`, async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page);
    const { user } = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
    await callAsPlayer(page, 'booster.activate', { booster_hash: await grantBooster(page, user.hash, 'xp_multiplier') });
    await callAsPlayer(page, 'booster.activate', { booster_hash: await grantBooster(page, user.hash, 'deposit_bonus', { level: 0 }) });
    const { cases } = await callAsPlayer<{ cases: { hash: string; price: number }[] }>(page, 'case.getCases');
    const cheapest = cases.reduce((a, b) => (b.price < a.price ? b : a));
    await callAsPlayer(page, 'arena-unbox.create', { box_hash: cheapest.hash, count: 1 });
    await callAsPlayer(page, 'arena-battle.create', { scheme: `${cheapest.hash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2 });
    await page.goto('/');
    if (width >= 768) {
      await expect(header(page).getByTestId('booster-hint-timer')).toBeAttached();
      await expect(header(page).getByRole('button', { name: 'Your cases for unboxing' })).toBeVisible();
      await expect(header(page).getByRole('button', { name: 'Your battles' })).toBeVisible();
    } else {
      // Phones: the menu button's dot tells of the running games (the menu lists them).
      await expect(header(page).getByLabel('Games in progress')).toBeVisible();
    }
    await expect(header(page).getByTestId('balance')).toBeVisible();
    await expect(header(page).getByTestId('deposit-bonus-badge')).toHaveText('+10%');
    const boxes = await headerBoxes(page);
    await page.screenshot({ path: `test-results/screens/header-busy-${width}.png`, clip: { x: 0, y: 0, width, height: 80 } });
    expect(boxes.filter((b) => b.clipped).map((b) => b.name)).toEqual([]);
    const covered = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlaps(a, b)).map((b) => `${a.name} / ${b.name}`));
    expect(covered).toEqual([]);
    // Where the game menu shows Race+, its countdown shows whole too.
    const race = header(page).getByRole('navigation', { name: 'Games' }).getByRole('link', { name: /Race\+/ });
    if (await race.isVisible()) {
      const timer = race.locator('.nav-timer');
      await expect(timer).toHaveText(/^\d+[dh] \d\d[hm]$/);
      const fits = await timer.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5);
      expect(fits).toBe(true);
    }
  });
}
