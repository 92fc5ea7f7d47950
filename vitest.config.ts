import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and server tests that start the real sim-server
// in-process on port 0 and talk to it over HTTP and WebSocket.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // The property and replay tests take 3 s on a quiet machine and over 6 s on a busy
          // two-core one (issue 12): the default 5 s failed them under load.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Each file starts its own server and database; two cores, so two at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
