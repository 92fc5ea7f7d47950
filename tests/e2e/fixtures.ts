import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { portOf } from './servers.ts';

export { expect } from '@playwright/test';

/**
 * The browser suite runs with reduced motion (playwright.config.ts), a setting the app honours
 * for players who ask for it: spins land at once and transitions take a millisecond. A test of a
 * flow (a deposit, a chat, a claim) checks the same states without the frames in between, and
 * drawing those frames in software at 1920 px was a fifth of the suite's CPU (docs/design.md
 * section 14). The files whose subject is the motion itself, the games' animations and the
 * first view run with full motion, as most players see them: `test.use(FULL_MOTION)`.
 */
export const FULL_MOTION = { reducedMotion: 'no-preference' } as const;

/** The quiet start every page gets (see below). */
function quietScript() {
  localStorage.setItem('perf_probe', 'off');
  if (localStorage.getItem('assistant') === null) localStorage.setItem('assistant', JSON.stringify({ shutUpUntil: 8.64e15 }));
}

/**
 * Playwright's test with the arena's quiet start: the frame-rate probe stays off (a busy CI
 * machine draws slowly, and performance mode switching on mid-test would add a notice the
 * test did not ask for). The probe's own rule is unit-tested. The assistant starts quiet too
 * (its shut-up time far ahead) unless a test wrote its state first: tests/e2e/assistant.spec.ts.
 * Contexts a test opens itself (browser.newContext) get the same start.
 */
export const test = base.extend<{ quietStart: void }>({
  // Each worker talks to its own server (servers.ts). Every context and request context of the
  // test, those it opens itself included, takes its address from here.
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${portOf(testInfo.parallelIndex)}`);
  },
  quietStart: [
    async ({ context, browser }, use) => {
      await context.addInitScript(quietScript);
      const newContext = browser.newContext.bind(browser);
      const quietContext: Browser['newContext'] = async (options) => {
        const opened: BrowserContext = await newContext(options);
        await opened.addInitScript(quietScript);
        return opened;
      };
      browser.newContext = quietContext;
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
    },
    { auto: true },
  ],
});
