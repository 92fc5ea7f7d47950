// The assistant (document 1 section 4): it waits for a first click, greets a visitor, hands its
// markers to the server once they sign in, welcomes the player, explains a page, and never loads
// on a phone. Screenshots go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** Starts this page's assistant from scratch once (the fixture keeps it quiet for other specs). */
async function freshAssistant(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('assistant-fresh')) return;
    sessionStorage.setItem('assistant-fresh', '1');
    localStorage.setItem('assistant', '{}');
  });
}

const assistant = (page: Page) => page.getByRole('complementary', { name: 'Assistant' });
const serverMarks = async (page: Page) => Object.keys((await callAsPlayer<{ marks: Record<string, number> }>(page, 'user.getUser')).marks);

/** A player's first, inert click: on the page's heading, which Playwright scrolls clear of the
 * fixed header (a corner of main can sit under it once the page has scrolled). */
const clickThePage = (page: Page) => page.getByRole('heading', { level: 1 }).click();

/**
 * The ceiling for a scenario to speak on a page just opened: the page's takeover, the footer's
 * chunk with the assistant's gate, the assistant's own chunk, the player's account and the
 * scenario's 1.5 s on the page, one after another. On a busy 2-core CI machine that passed 10 s.
 */
const SPEAKS = { timeout: 25_000 };

/** Clicks through a scenario's lines with Next, then Got it. */
async function playThrough(page: Page, lines: number): Promise<void> {
  for (let i = 1; i < lines; i++) {
    await expect(assistant(page)).toContainText(`${i} of ${lines}`);
    await assistant(page).getByRole('button', { name: 'Next' }).click();
  }
  await expect(assistant(page)).toContainText(`${lines} of ${lines}`);
  await assistant(page).getByRole('button', { name: 'Got it' }).click();
  await expect(assistant(page)).toBeHidden();
}

test('desktop: first visit after a click, markers follow the player to the server, welcome, a page tip skipped', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await freshAssistant(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(assistant(page)).toHaveCount(0);

  // The first click of the visit wakes it.
  await clickThePage(page);
  await expect(assistant(page)).toContainText('your guide to the arena', SPEAKS);
  await expect(assistant(page)).toHaveAttribute('data-scenario', 'first_visit');
  await shot(page, 'assistant-first-visit-desktop');
  await playThrough(page, 4);
  expect(await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('assistant')!).marks))).toEqual(['assistant_first_visit']);

  // Signed in, the device's marker goes to the server and the welcome plays once.
  await signInByApi(page);
  await page.goto('/');
  await clickThePage(page);
  await expect(assistant(page)).toHaveAttribute('data-scenario', 'welcome', SPEAKS);
  await expect(assistant(page)).toContainText('Welcome back to the arena');
  await playThrough(page, 2);
  await expect.poll(() => serverMarks(page)).toEqual(['assistant_first_visit', 'assistant_welcome']);

  // A page's tip: closing it skips (no marker, it cools down on this device).
  await page.goto('/cases');
  await clickThePage(page);
  await expect(assistant(page)).toHaveAttribute('data-scenario', 'cases', SPEAKS);
  await shot(page, 'assistant-cases-desktop');
  await assistant(page).getByRole('button', { name: 'Close the assistant' }).click();
  await expect(assistant(page)).toBeHidden();
  expect(await serverMarks(page)).not.toContain('assistant_cases');
  expect(await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('assistant')!).cooldowns))).toEqual(['cases']);

  // A new device of the same player: the server's markers keep the greetings from replaying.
  await page.evaluate(() => localStorage.setItem('assistant', '{}'));
  await page.goto('/battles');
  await clickThePage(page);
  await expect(assistant(page)).toHaveAttribute('data-scenario', 'battles', SPEAKS);
});

test('mobile: the assistant never loads; at desktop width the same tab gets it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookiesUpFront(page);
  await freshAssistant(page);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assistant[^/]*\.(js|css)$/.test(new URL(request.url()).pathname)) chunks.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await clickThePage(page);
  await expect(page.locator('footer')).toBeAttached();
  await shot(page, 'assistant-none-mobile');
  expect(chunks).toEqual([]);
  await expect(assistant(page)).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await clickThePage(page);
  await expect(assistant(page)).toHaveAttribute('data-scenario', 'first_visit', SPEAKS);
  expect(chunks.length).toBeGreaterThan(0);
});
