import type { Migration } from '../migrations.ts';

/**
 * Named locks (docs/decisions/0058): one row per thing of which there is one (the radio
 * station), which a transaction locks to run its step alone. On PostgreSQL transactions run side
 * by side and a step that finds nothing to lock (no row playing yet) would otherwise run twice;
 * SQLite's single writer already runs them one at a time.
 */
export const namedLocks: Migration = {
  id: 95,
  name: 'named locks',
  sql: `
    CREATE TABLE named_locks (
      name TEXT PRIMARY KEY
    );
  `,
};
