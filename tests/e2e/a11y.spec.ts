/**
 * Accessibility of the main pages (issue 12): axe-core, run in the page against the built
 * site, must find no label-content-name-mismatch (a control's name contains its visible
 * text, so voice control can say what it sees), no color-contrast failure and no two
 * landmarks alike.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, header, settled, signInByApi } from './helpers.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const RULES = ['label-content-name-mismatch', 'color-contrast', 'landmark-unique'];

interface Violation {
  id: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The violations of the checked rules on the page as it is now. */
async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, RULES);
}

const summary = (found: Violation[]) => found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

test('the main pages pass axe: names contain visible text, text has contrast, landmarks are unique', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page);
  const { cases } = await callAsPlayer<{ cases: { key: string }[] }>(page, 'case.getCases');
  const paths = ['/', '/cases', '/battles', `/case/${cases[0]!.key}`, '/wallet'];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(header(page).getByRole('link', { name: 'SkinFans Arena, home' })).toBeVisible();
      await expect(page.getByRole('main')).not.toBeEmpty();
      await settled(page);
      // Cards that enter late on a busy machine can still be fading in at the first look (a
      // contrast reading through partial opacity): the page must come to no violation.
      await expect.soft.poll(async () => summary(await violations(page)), { message: path, timeout: 15_000 }).toEqual([]);
    });
  }
});
