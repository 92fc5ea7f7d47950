import type { Migration } from '../migrations.ts';

/**
 * Case tables (docs/decisions/0015): a shared table of one case. A game opened at a table
 * is an ordinary unbox game (same debit, same fairness record); case_table_games ties it to
 * the table, so the table's drops are the drops of its games.
 */
export const caseTables: Migration = {
  id: 11,
  name: 'case tables',
  sql: `
    CREATE TABLE case_tables (
      id INTEGER PRIMARY KEY,
      box_id INTEGER NOT NULL REFERENCES boxes(id),
      created_by INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      opened INTEGER NOT NULL DEFAULT 0 CHECK (opened >= 0),
      dropped_value INTEGER NOT NULL DEFAULT 0 CHECK (dropped_value >= 0)
    );

    CREATE TABLE case_table_games (
      game_id INTEGER PRIMARY KEY REFERENCES unbox_games(id),
      table_id INTEGER NOT NULL REFERENCES case_tables(id)
    );
    CREATE INDEX case_table_games_table ON case_table_games(table_id, game_id);
  `,
};
