import type { Migration } from '../migrations.ts';

/**
 * Partnership-plus deals, badges, Kick links and the programme's terms (docs/decisions/0028).
 * A deal's money moves through the sponsor credit (0006, docs/decisions/0010); these rows
 * hold what the deal promised and when.
 */
export const partnerDeals: Migration = {
  id: 35,
  name: 'partner deals',
  sql: `
    -- One active deal per partner at most (the partial unique index), so twenty confirms at
    -- once make one deal. wagered_start is partner_earnings.wagered at confirmation and
    -- wagered_end the same when the deal stopped: the deal's referral wagers are the difference.
    -- renew_at: when an ended auto-renewing deal starts the next one (NULL: it does not).
    CREATE TABLE partner_deals (
      id INTEGER PRIMARY KEY,
      partner_id INTEGER NOT NULL REFERENCES users(id),
      amount INTEGER NOT NULL CHECK (amount > 0),
      wager_goal INTEGER NOT NULL CHECK (wager_goal > 0),
      wagered_start INTEGER NOT NULL,
      wagered_end INTEGER,
      status TEXT NOT NULL CHECK (status IN ('active', 'ended', 'cancelled')),
      confirmed_at INTEGER NOT NULL,
      ends_at INTEGER NOT NULL,
      ended_at INTEGER,
      renew_at INTEGER
    );
    CREATE UNIQUE INDEX partner_deals_active ON partner_deals (partner_id) WHERE status = 'active';
    CREATE INDEX partner_deals_by_partner ON partner_deals (partner_id, id);
    CREATE INDEX partner_deals_due ON partner_deals (status, ends_at);
    CREATE INDEX partner_deals_renewing ON partner_deals (renew_at) WHERE renew_at IS NOT NULL;

    -- time_offset: seconds into the UTC day a renewing deal starts (the sponsor's credit time).
    CREATE TABLE partner_deal_settings (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      auto_renew INTEGER NOT NULL DEFAULT 0,
      renew_amount INTEGER NOT NULL DEFAULT 0,
      time_offset INTEGER NOT NULL DEFAULT 0 CHECK (time_offset BETWEEN 0 AND 86399)
    );

    -- The programme's deal terms; one row, written by partnership staff.
    CREATE TABLE partnership_settings (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      deals_enabled INTEGER NOT NULL,
      deal_min INTEGER NOT NULL,
      deal_wager_multiplier INTEGER NOT NULL,
      deal_days INTEGER NOT NULL,
      changed_by INTEGER REFERENCES users(id),
      changed_at INTEGER NOT NULL
    );

    CREATE TABLE partner_badges (
      id INTEGER PRIMARY KEY,
      partner_id INTEGER NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      icon TEXT NOT NULL,
      colour TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX partner_badges_by_partner ON partner_badges (partner_id, id);

    -- The badge a partner's referrals of one rank wear.
    CREATE TABLE partner_referral_badges (
      partner_id INTEGER NOT NULL REFERENCES users(id),
      rank TEXT NOT NULL CHECK (rank IN ('S', 'A', 'B', 'C', 'D', 'E')),
      badge_id INTEGER NOT NULL REFERENCES partner_badges(id),
      PRIMARY KEY (partner_id, rank)
    ) WITHOUT ROWID;

    -- A Kick channel linked to a player: one player per channel, whatever the case.
    CREATE TABLE kick_accounts (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      kick_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      linked_at INTEGER NOT NULL
    );
  `,
};
