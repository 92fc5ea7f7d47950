import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's test with the arena's quiet start: the frame-rate probe stays off (a busy CI
 * machine draws slowly, and performance mode switching on mid-test would add a notice the
 * test did not ask for). The probe's own rule is unit-tested.
 */
export const test = base.extend<{ quietStart: void }>({
  quietStart: [
    async ({ context }, use) => {
      await context.addInitScript(() => localStorage.setItem('perf_probe', 'off'));
      await use();
    },
    { auto: true },
  ],
});
