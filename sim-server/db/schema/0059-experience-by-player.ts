import type { Migration } from '../migrations.ts';

/**
 * Experience entries kept by player (docs/decisions/0033, the wager's count): the table is
 * rebuilt clustered on (user_id, id), where id is the player's own entry number
 * (users.exp_entries counts them), instead of a global rowid plus an index on (user_id, id).
 * A wager then writes one b-tree page of entries, not two. What an entry says, its order
 * for the player and exp = the sum of the player's entries are unchanged.
 */
export const experienceByPlayer: Migration = {
  id: 59,
  name: 'experience entries by player',
  sql: `
    CREATE TABLE experience_entries_next (
      user_id INTEGER NOT NULL,
      id INTEGER NOT NULL,
      amount INTEGER NOT NULL CHECK (amount <> 0),
      source TEXT NOT NULL,
      ref TEXT,
      season INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, id)
    ) WITHOUT ROWID;

    INSERT INTO experience_entries_next (user_id, id, amount, source, ref, season, created_at)
    SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id), amount, source, ref, season, created_at FROM experience_entries;

    DROP TABLE experience_entries;

    ALTER TABLE experience_entries_next RENAME TO experience_entries;

    ALTER TABLE users ADD COLUMN exp_entries INTEGER NOT NULL DEFAULT 0;

    UPDATE users SET exp_entries = (SELECT COUNT(*) FROM experience_entries e WHERE e.user_id = users.id);
  `,
};
