import type { Migration } from '../migrations.ts';

/**
 * Races a partner runs for their referrals (partnership-plus, docs/decisions/0012): the prize
 * is held from the partner's balance when the race is made and paid once when it ends.
 */
export const partnerRaces: Migration = {
  id: 14,
  name: 'partner races',
  sql: `
    -- status: running until ends_at, then ended (prizes paid) or cancelled (prize refunded).
    CREATE TABLE partner_races (
      id INTEGER PRIMARY KEY,
      partner_id INTEGER NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      category INTEGER NOT NULL CHECK (category IN (5, 10, 20, 30, 50, 100)),
      prize INTEGER NOT NULL CHECK (prize > 0),
      starts_at INTEGER NOT NULL,
      ends_at INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('running', 'ended', 'cancelled')),
      created_at INTEGER NOT NULL,
      settled_at INTEGER
    );
    CREATE INDEX partner_races_partner ON partner_races(partner_id, id);
    CREATE INDEX partner_races_running ON partner_races(status, ends_at);

    -- What each referral wagered during a race, kept in the wager's transaction.
    CREATE TABLE partner_race_entries (
      race_id INTEGER NOT NULL REFERENCES partner_races(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      wagered INTEGER NOT NULL DEFAULT 0,
      prize INTEGER,
      PRIMARY KEY (race_id, user_id)
    );
    CREATE INDEX partner_race_standing ON partner_race_entries(race_id, wagered DESC);
  `,
};
