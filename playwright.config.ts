import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { BASE_PORT, WORKERS, dataDirOf, portOf } from './tests/e2e/servers.ts';

/**
 * The built app on the real sim-server, with a database that starts empty every run: one
 * server per worker (tests/e2e/servers.ts); the fixture points each test at its worker's.
 */
const server = (port: number) => ({
  command: `node tests/e2e/reset-data.ts ${dataDirOf(port)} && node sim-server/main.ts`,
  url: `http://127.0.0.1:${port}/api/method/user.getUser?user_name=health_check`,
  reuseExistingServer: false,
  timeout: 30_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // Every test player signs up from this one machine: the per-IP attempt limit, the
  // one-starting-balance-per-IP window and the limits by address (docs/decisions/0048) are off;
  // the sign-in challenge stays on (the app and helpers.ts answer it). Passwords hash at a lower
  // scrypt cost: the suite signs up hundreds of players.
  env: {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDirOf(port), SIM_START_BALANCE: '100000', STATIC_DIR: 'dist', RATE_LIMIT_MAX: '5000', CONNECT_LIMIT_IP: '0', START_GRANT_WINDOW: '0', PASSWORD_COST: '1024',
    ADDRESS_CHECKS: '0', SOCKETS_PER_IP: '0', CHAT_ACCOUNTS_PER_IP: '0', SIM_SCHEDULES: '0',
  },
});

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  // A file's tests run in order in one worker; the workers share nothing (a server each).
  workers: WORKERS,
  retries: 0,
  // Ceilings for waits on state, not delays: a passing step takes what it takes. A 2-core CI
  // machine with other work on it needed more than 5 s for a first lazy page (issue 12).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    // Worker 0's server; the fixture (fixtures.ts) gives each test its own worker's.
    baseURL: `http://127.0.0.1:${BASE_PORT}`,
    viewport: { width: 1920, height: 1080 },
    // No trace unless asked (E2E_TRACE=retain-on-failure): recording one for every test, to keep
    // the failing ones, cost 40% of the suite's CPU (wallet and shell specs: 245 CPU-s with,
    // 146 without), and the browser suite is CPU-bound on two cores (issue 29).
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'retain-on-failure' | 'on',
    // The service worker precaches every page's code (about 150 files) in each new context;
    // tests of the offline app allow it, the rest do without that load.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // Flows run with reduced motion; the files that test motion ask for it (FULL_MOTION, fixtures.ts).
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium (docs/design.md section 2): browser downloads are not available here.
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => server(portOf(index))),
});
