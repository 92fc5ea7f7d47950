import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's test with the arena's quiet start: the frame-rate probe stays off (a busy CI
 * machine draws slowly, and performance mode switching on mid-test would add a notice the
 * test did not ask for). The probe's own rule is unit-tested. The assistant starts quiet too
 * (its shut-up time far ahead) unless a test wrote its state first: tests/e2e/assistant.spec.ts.
 */
export const test = base.extend<{ quietStart: void }>({
  quietStart: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        localStorage.setItem('perf_probe', 'off');
        if (localStorage.getItem('assistant') === null) localStorage.setItem('assistant', JSON.stringify({ shutUpUntil: 8.64e15 }));
      });
      await use();
    },
    { auto: true },
  ],
});
