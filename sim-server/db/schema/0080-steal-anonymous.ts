import type { Migration } from '../migrations.ts';

/**
 * Anonymous split-or-steal games (document 2 section 3 `anonymous`; docs/decisions/0052): who
 * was picked stays hidden until the game closes, and its joined players cannot write in the
 * chat while it battles.
 */
export const stealAnonymous: Migration = {
  id: 80,
  name: 'steal anonymous games',
  sql: `
    ALTER TABLE chat_steal_games ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1));
  `,
};
