/**
 * The header at common laptop widths (issue 12: at 1440 px the Race+ badge was cut off under
 * the overflow button): every header control lies whole inside the header, and none covers another.
 */
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, header, signInByApi } from './helpers.ts';

type Box = { x: number; y: number; width: number; height: number; name: string };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

for (const width of [1280, 1440, 1536, 1600, 1700, 1800, 1920]) {
  test(`at ${width} px every header control shows whole, signed in`, async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page);
    await page.goto('/');
    await expect(header(page).getByTestId('balance')).toHaveText('Balance 1,000.00');
    const boxes = await header(page).evaluate((root) => {
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
    await page.screenshot({ path: `test-results/screens/header-${width}.png`, clip: { x: 0, y: 0, width, height: 80 } });
    expect(boxes.filter((b) => b.clipped).map((b) => b.name)).toEqual([]);
    const covered = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlaps(a, b)).map((b) => `${a.name} / ${b.name}`));
    expect(covered).toEqual([]);
  });
}
