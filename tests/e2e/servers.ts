/**
 * The browser suite's sim-servers: one per Playwright worker, each with a database of its own,
 * so two tests running at once never share a world. A rain, a split-or-steal game or a
 * maintenance window a test sets off reaches every socket of its server; with a server per
 * worker it reaches only the test that asked for it.
 *
 * Worker i (Playwright's parallelIndex) talks to the server on E2E_PORT + i.
 */

/** The first server's port, apart from `npm start`'s 8080 so both can run. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8091);

/**
 * Browsers at once. Two on the two-core machines this runs on: the tests spend most of their
 * time waiting on the server's clocks and the page's animations, so a second browser fills
 * that time (E2E_WORKERS=1 runs one at a time).
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The port of the server that worker `parallelIndex` uses. */
export const portOf = (parallelIndex: number): number => BASE_PORT + parallelIndex;

/** A server's data folder: emptied before it starts, so every run begins on a fresh database. */
export const dataDirOf = (port: number): string => `.tmp/e2e-data-${port}`;
