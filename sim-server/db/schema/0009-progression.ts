import type { Migration } from '../migrations.ts';

/**
 * Progression (document 1 sections 1, 3, 9): experience kept like money, as entries whose
 * sum is users.exp; the season's share of it for the rank; wager races per period with their
 * payouts recorded once; follows; a rest (break) that shuts money methods until it ends;
 * achievements issued to players.
 */
export const progression: Migration = {
  id: 9,
  name: 'experience ledger, season experience, races, follows, breaks, achievements, level rewards',
  sql: `
    -- One row per experience change; users.exp is their sum, users.season_exp the sum of
    -- the entries of users.season (the current one once the player has earned in it).
    CREATE TABLE experience_entries (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL,
      amount INTEGER NOT NULL CHECK (amount <> 0),
      source TEXT NOT NULL,
      ref TEXT,
      season INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX experience_entries_user ON experience_entries (user_id, id);

    -- Cents wagered (net of refunds) per player and UTC day; a race period is a run of days.
    -- reached_at is the last change: among equal totals, who got there first ranks higher.
    CREATE TABLE race_days (
      day INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      wagered INTEGER NOT NULL CHECK (wagered >= 0),
      reached_at INTEGER NOT NULL,
      PRIMARY KEY (day, user_id)
    ) WITHOUT ROWID;

    -- A period's prizes were paid: the primary key makes a second payout impossible.
    CREATE TABLE race_payouts (
      period TEXT NOT NULL,
      start_at INTEGER NOT NULL,
      paid_at INTEGER NOT NULL,
      winners INTEGER NOT NULL,
      PRIMARY KEY (period, start_at)
    );
    CREATE TABLE race_prizes (
      period TEXT NOT NULL,
      start_at INTEGER NOT NULL,
      place INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id),
      wagered INTEGER NOT NULL,
      amount INTEGER NOT NULL,
      PRIMARY KEY (period, start_at, place)
    );

    CREATE TABLE follows (
      follower_id INTEGER NOT NULL REFERENCES users(id),
      followee_id INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      PRIMARY KEY (follower_id, followee_id),
      CHECK (follower_id <> followee_id)
    ) WITHOUT ROWID;
    CREATE INDEX follows_followee ON follows (followee_id);

    -- The season's experience and the profile's lifetime figures, kept beside exp from the same
    -- wagers in one statement (the wager RPC's cost; docs/decisions/0014).
    ALTER TABLE users ADD COLUMN season INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN season_exp INTEGER NOT NULL DEFAULT 0 CHECK (season_exp >= 0);
    ALTER TABLE users ADD COLUMN total_wager INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN games_played INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN battles_played INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN break_until INTEGER;
    ALTER TABLE users ADD COLUMN status_text TEXT NOT NULL DEFAULT '';
    ALTER TABLE users ADD COLUMN private_profile INTEGER NOT NULL DEFAULT 0;

    -- Achievements issued (the catalogue is code: src/core/achievements.ts); once per player each.
    CREATE TABLE achievements (
      user_id INTEGER NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      issued_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, name)
    ) WITHOUT ROWID;
    CREATE INDEX achievements_name ON achievements (name);

    -- Level rewards claimed: the primary key lets a level pay once, however many claims race.
    CREATE TABLE reward_claims (
      user_id INTEGER NOT NULL REFERENCES users(id),
      level INTEGER NOT NULL,
      amount INTEGER NOT NULL,
      claimed_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, level)
    ) WITHOUT ROWID;
  `,
};
