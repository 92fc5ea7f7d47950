import type { Migration } from '../migrations.ts';

/**
 * Sponsored balances (document 1 section 3, partnership.borrow): `accounts.sponsored` is the
 * part of a player's balance a sponsor lent, playable but not withdrawable; a sponsor credit
 * is the offer a club member claims and the wager challenge that makes the coins theirs.
 */
const sql = `
    ALTER TABLE accounts ADD COLUMN sponsored INTEGER NOT NULL DEFAULT 0 CHECK (sponsored >= 0 AND sponsored <= MAX(balance, 0));

    -- One row per club member: the credit on offer and the latest challenge. claimed_at is
    -- null while nothing was claimed; ended_at/result close a challenge.
    CREATE TABLE sponsor_credits (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      offer INTEGER NOT NULL CHECK (offer >= 0),
      wager_goal INTEGER NOT NULL CHECK (wager_goal > 0),
      claimed INTEGER NOT NULL DEFAULT 0,
      goal INTEGER NOT NULL DEFAULT 0,
      wagered INTEGER NOT NULL DEFAULT 0,
      claimed_at INTEGER,
      ended_at INTEGER,
      result TEXT CHECK (result IN ('running', 'completed', 'removed'))
    );
  `;

export const sponsorCredit: Migration = {
  id: 6,
  name: 'sponsored balances and sponsor credits',
  sql,
  // PostgreSQL's two-argument maximum is GREATEST (MAX is only the aggregate there).
  postgres: sql.replace('MAX(balance, 0)', 'GREATEST(balance, 0)'),
};
