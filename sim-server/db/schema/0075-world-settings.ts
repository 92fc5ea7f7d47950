import type { Migration } from '../migrations.ts';

/**
 * The world's switches that every process reads (docs/decisions/0050): whether a maintenance
 * runs (and its words), and the race's clock offset, which the sim console moves forward to
 * end a race period now. One row per key; values are JSON text.
 */
export const worldSettings: Migration = {
  id: 75,
  name: 'world settings',
  sql: `
    CREATE TABLE world_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    );
  `,
};
