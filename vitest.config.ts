import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and server tests that start the real sim-server
// in-process on port 0 and talk to it over HTTP and WebSocket.
//
// Neither isolates its files (isolate: false): a worker imports the modules once and runs file
// after file with them. Each server file imported the whole sim-server anew, about a second of
// CPU, and the suites are CPU-bound on two cores: the server suite on SQLite took 64.7 s
// (116 CPU-s), on PostgreSQL 125 s (172 CPU-s of Node); without isolation 33.4 s (46.5) and 71 s
// (70), unit 21.6 -> 11.2 s (issue 29). Every file starts and closes its own servers and
// databases, and no test mocks a module or changes the environment, so a file finds nothing of
// the one before it. Projects that do not isolate run one after the other (groupOrder).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // A ceiling, not a delay: the property and bulk-ticket tests took over 5 s on a
          // 2-core machine with other work on it.
          testTimeout: 30_000,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // On PostgreSQL (TEST_DATABASE_URL) every statement is a network round trip and each
          // server start makes a database: the same tests, more time on a busy machine.
          testTimeout: process.env.TEST_DATABASE_URL ? 90_000 : 30_000,
          hookTimeout: process.env.TEST_DATABASE_URL ? 90_000 : 30_000,
          // Each file starts its own server and database. Four at a time on two cores: the files
          // spend much of their time on real clocks and round trips, and at two the machine sat
          // at 1.4 cores (SQLite 97 -> 80 s, PostgreSQL 145 -> 118 s, quiet 2-core machine).
          maxWorkers: 4,
          isolate: false,
          sequence: { groupOrder: 1 },
          // With TEST_DATABASE_URL: drops the run's PostgreSQL test databases at the end.
          globalSetup: ['tests/server/global-setup.ts'],
          // A failed test prints what its servers logged (harness.ts keeps it).
          setupFiles: ['tests/server/setup.ts'],
        },
      },
    ],
  },
});
