import type { Migration } from '../migrations.ts';

/**
 * Deposit Bonus wagering (docs/decisions/0034): the part of a wallet that is bonus coins not yet
 * wagered through (locked like sponsored coins: playable, never withdrawn, vaulted or tipped),
 * and the cents of counted wagers still needed to free it. A column beside `sponsored`, so the
 * partnership's borrow figure and release never touch it, and it never touches theirs.
 */
export const bonusWagering: Migration = {
  id: 60,
  name: 'deposit bonus wagering',
  sql: `
    ALTER TABLE accounts ADD COLUMN bonus_locked INTEGER NOT NULL DEFAULT 0 CHECK (bonus_locked = 0 OR (bonus_locked > 0 AND sponsored + bonus_locked <= balance));
    ALTER TABLE accounts ADD COLUMN bonus_wager_left INTEGER NOT NULL DEFAULT 0 CHECK (bonus_wager_left >= 0);
  `,
};
