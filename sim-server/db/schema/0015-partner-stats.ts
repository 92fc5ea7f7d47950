import type { Migration } from '../migrations.ts';

/**
 * Dated partner figures (docs/decisions/0022): one row per partner and UTC day, added to in
 * the transaction of the visit, code or ledger entry they count, so a dashboard over any
 * period reads at most a few hundred rows of one partner, whatever the history behind them.
 */
export const partnerStats: Migration = {
  id: 15,
  name: 'partner stats',
  sql: `
    -- day: whole UTC days since the epoch. wagered and deposited are cents, earned_milli
    -- thousandths of a cent as in partner_earnings; a refund subtracts from wagered and
    -- earned_milli of the day it happens.
    CREATE TABLE partner_daily (
      partner_id INTEGER NOT NULL REFERENCES users(id),
      day INTEGER NOT NULL,
      visits INTEGER NOT NULL DEFAULT 0,
      referrals INTEGER NOT NULL DEFAULT 0,
      wagers INTEGER NOT NULL DEFAULT 0,
      wagered INTEGER NOT NULL DEFAULT 0,
      earned_milli INTEGER NOT NULL DEFAULT 0,
      deposits INTEGER NOT NULL DEFAULT 0,
      deposited INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (partner_id, day)
    ) WITHOUT ROWID;

    -- The partner's API token, kept as its SHA-256 (hex): the token itself is shown once.
    CREATE TABLE partner_api_tokens (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      token_hash TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL
    );

    -- A code the partner chose in place of their name (username rules, unique whatever the
    -- case). Once chosen, the name no longer works as a code; other players' names stay taken.
    CREATE TABLE partner_codes (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      code TEXT NOT NULL UNIQUE COLLATE NOCASE,
      changed_at INTEGER NOT NULL
    );

    -- A partner's referral ranks: the least a referral has wagered (cents) for S, A, B, C
    -- and D, strictly falling; below D is E. No row: the default scheme.
    CREATE TABLE partner_rank_schemes (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      s INTEGER NOT NULL, a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER NOT NULL, d INTEGER NOT NULL,
      CHECK (s > a AND a > b AND b > c AND c > d AND d >= 0)
    );

    -- Players a partner banned from their programme: taken off the partner's referrals and
    -- refused the partner's code from then on.
    CREATE TABLE partner_bans (
      partner_id INTEGER NOT NULL REFERENCES users(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      banned_at INTEGER NOT NULL,
      PRIMARY KEY (partner_id, user_id)
    ) WITHOUT ROWID;
  `,
};
