import type { Migration } from '../migrations.ts';

/**
 * Sponsored stakes (docs/decisions/0056): a wager that took sponsored coins is remembered per
 * game (its ref), so what the game pays back (coins, or items that later sell) is sponsored in
 * the same proportion while the credit runs, goes to the sponsor once the credit was given back
 * (`recalled`), and is the player's own once the challenge completed (the row is deleted).
 * `accounts.sponsored_taken` and `bonus_taken` are what the last debit took of the sponsored and
 * bonus parts (read back in the same statement, for this and for wager holds); `accounts.tainted` says the player has rows here, so only they pay the
 * look-up on a payout; `ledger.locked` is the part of a payout that was sponsored, a source the
 * ledger check counts; `assets.stake_ref` is the game whose stake paid for an item.
 */
export const sponsoredStakes: Migration = {
  id: 90,
  name: 'sponsored stakes',
  sql: `
    CREATE TABLE sponsored_stakes (
      user_id INTEGER NOT NULL,
      ref TEXT NOT NULL,
      staked INTEGER NOT NULL CHECK (staked >= 0),
      sponsored INTEGER NOT NULL CHECK (sponsored >= 0 AND sponsored <= staked),
      state TEXT NOT NULL CHECK (state IN ('open', 'recalled')),
      PRIMARY KEY (user_id, ref)
    );
    ALTER TABLE accounts ADD COLUMN sponsored_taken INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE accounts ADD COLUMN bonus_taken INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE accounts ADD COLUMN tainted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE ledger ADD COLUMN locked INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE assets ADD COLUMN stake_ref TEXT;
  `,
};
