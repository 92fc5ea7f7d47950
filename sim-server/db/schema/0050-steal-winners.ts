import type { Migration } from '../migrations.ts';

/**
 * Split-or-steal with 1 to 6 winners and a roulette (document 2; docs/decisions/0016): the
 * winner count a game was opened with, and the published draw (sorted participants, strip
 * of 30 units, the index it settles on, when it stops) so anyone can replay it.
 */
export const stealWinners: Migration = {
  id: 50,
  name: 'steal winners and roulette',
  sql: `
    ALTER TABLE chat_steal_games ADD COLUMN winners INTEGER NOT NULL DEFAULT 2 CHECK (winners BETWEEN 1 AND 6);
    ALTER TABLE chat_steal_games ADD COLUMN roulette TEXT;
  `,
};
