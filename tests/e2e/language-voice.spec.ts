// The language modal (document 1 section 1: en, es and ua listed, only English enabled and
// offered; /es and /ua addresses fall back to English) with the translation module's failure
// text, and the voice assistant (document 1 section 2.2): off by default, the browser's speech
// synthesis reads the assistant's lines when on, remembered. Speech is stubbed at the browser's
// API and its calls asserted. Screenshots go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, header, settled } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });
const language = (page: Page) => page.getByRole('dialog', { name: 'Language' });

test('desktop: the language modal lists English, Español and Українська with only English to choose; on /es it goes back to English', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/es/cases');
  await appRunning(page);
  await expect(page).toHaveURL(/\/es\/cases$/);
  await header(page).getByRole('button', { name: 'Settings' }).click();
  await settings(page).getByRole('button', { name: /Language/ }).click();
  const modal = language(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(modal.getByRole('radio', { name: 'Español' })).toBeDisabled();
  await expect(modal.getByRole('radio', { name: 'Українська' })).toBeDisabled();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/language-modal-desktop.png` });
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/cases$/);
  await expect(page).not.toHaveURL(/\/es\//);
  await expect(page).toHaveTitle(/^Cases · /);
  // An unsupported prefix still falls back to English by itself.
  await page.goto('/de/cases');
  await expect(page).toHaveURL(/\/cases$/);
});

test('mobile: the language modal opens from the settings of the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookiesUpFront(page);
  await page.goto('/');
  await appRunning(page);
  await header(page).getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Settings' }).click();
  await settings(page).getByRole('button', { name: /Language/ }).click();
  await expect(language(page).getByRole('radio', { name: 'English' })).toBeChecked();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/language-modal-mobile.png` });
  await language(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(language(page)).toHaveCount(0);
});

test('when the translation module does not load, the settings say so in the document\'s words', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.route(/\/assets\/language-modal-[\w-]+\.js/, (route) => route.abort());
  await page.goto('/');
  await appRunning(page);
  await header(page).getByRole('button', { name: 'Settings' }).click();
  await settings(page).getByRole('button', { name: /Language/ }).click();
  await expect(settings(page).getByRole('alert')).toHaveText("There's been a problem loading the translation module");
  await expect(language(page)).toHaveCount(0);
});

/** Replaces the browser's speech synthesis with a recorder; what was spoken is in window.spoken. */
async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    class Utterance {
      lang = '';
      text: string;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    Object.defineProperty(window, 'speechSynthesis', {
      value: { speak: (u: Utterance) => spoken.push(u.text), cancel: () => undefined, pause: () => undefined, resume: () => undefined, speaking: false },
      configurable: true,
    });
    // The assistant starts afresh once per test (fixtures.ts keeps it quiet otherwise).
    if (!sessionStorage.getItem('assistant-fresh')) {
      sessionStorage.setItem('assistant-fresh', '1');
      localStorage.setItem('assistant', '{}');
    }
  });
}

const assistant = (page: Page) => page.getByRole('complementary', { name: 'Assistant' });
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);

test('the voice assistant is off by default; on, each line is read aloud; it is remembered after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await acceptCookiesUpFront(page);
  await recordSpeech(page);
  await page.goto('/');
  await appRunning(page);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(assistant(page)).toContainText('your guide to the arena');
  // Off by default: a line shows, nothing is spoken.
  await page.waitForTimeout(500);
  expect(await spoken(page)).toEqual([]);

  await header(page).getByRole('button', { name: 'Settings' }).click();
  const voice = settings(page).getByRole('switch', { name: /^Voice assistant/ });
  await expect(voice).not.toBeChecked();
  await voice.check({ force: true });
  await page.keyboard.press('Escape');
  // The line on screen is read at once, and so is the next.
  await expect.poll(() => spoken(page)).toEqual(["Hi, I'm Sparky, your guide to the arena."]);
  await assistant(page).getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => spoken(page)).toEqual(["Hi, I'm Sparky, your guide to the arena.", 'Open CS2 cases, fight in case battles, or try Catch the Chicken and Dice.']);

  // Remembered: after a reload the switch is on and the assistant's lines are read again.
  await page.reload();
  await appRunning(page);
  await header(page).getByRole('button', { name: 'Settings' }).click();
  await expect(settings(page).getByRole('switch', { name: /^Voice assistant/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(assistant(page)).toBeVisible();
  await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(0);
  const text = await assistant(page).locator('.assistant-text').textContent();
  expect(await spoken(page)).toContain(text);
});
