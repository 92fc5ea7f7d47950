import type { Migration } from '../migrations.ts';

/**
 * Stream parties (document 3; docs/decisions/0027): a host's giveaway in tiers, its members,
 * each tier's committed seed, published participant list and drawn winner; the partner's
 * default party settings and the stream club.
 */
export const streamParties: Migration = {
  id: 30,
  name: 'stream parties',
  sql: `
    -- air_time: milliseconds the party has run while its host was on air; ticked_at: when the
    -- runner last added to it. A host has at most one open (not closed) party.
    CREATE TABLE stream_parties (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      host_id INTEGER NOT NULL REFERENCES users(id),
      official INTEGER NOT NULL CHECK (official IN (0, 1)),
      mode TEXT NOT NULL CHECK (mode IN ('level', 'rank', 'race')),
      status TEXT NOT NULL CHECK (status IN ('active', 'inactive', 'closed')),
      min_wagered INTEGER NOT NULL CHECK (min_wagered >= 0),
      min_period INTEGER NOT NULL CHECK (min_period > 0),
      min_level INTEGER NOT NULL CHECK (min_level BETWEEN 0 AND 140),
      invite_code TEXT NOT NULL,
      background TEXT,
      fuel INTEGER NOT NULL DEFAULT 0 CHECK (fuel >= 0),
      air_time INTEGER NOT NULL DEFAULT 0 CHECK (air_time >= 0),
      ticked_at INTEGER NOT NULL,
      inactive_since INTEGER,
      created_at INTEGER NOT NULL,
      closed_at INTEGER
    );
    CREATE UNIQUE INDEX stream_parties_open ON stream_parties (host_id) WHERE status <> 'closed';
    CREATE INDEX stream_parties_status ON stream_parties (status, id);

    -- time_at: the air time (ms) at which the tier is drawn. participants: the JSON list of
    -- member hashes published (with its SHA-256) before the draw; ticket and winner after it.
    -- The unique asset makes a second delivery of a prize impossible.
    CREATE TABLE stream_party_tiers (
      party_id INTEGER NOT NULL REFERENCES stream_parties(id),
      number INTEGER NOT NULL CHECK (number >= 1),
      item_id INTEGER NOT NULL REFERENCES items(id),
      price INTEGER NOT NULL CHECK (price >= 0),
      time_at INTEGER NOT NULL CHECK (time_at > 0),
      required_level INTEGER NOT NULL DEFAULT 0,
      required_rank INTEGER NOT NULL DEFAULT 6,
      required_race INTEGER NOT NULL DEFAULT 100,
      server_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      participants TEXT,
      participants_hash TEXT,
      published_at INTEGER,
      ticket INTEGER,
      winner_id INTEGER REFERENCES users(id),
      asset_id INTEGER UNIQUE REFERENCES assets(id),
      completed_at INTEGER,
      PRIMARY KEY (party_id, number)
    ) WITHOUT ROWID;

    CREATE TABLE stream_party_members (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      party_id INTEGER NOT NULL REFERENCES stream_parties(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      joined_at INTEGER NOT NULL,
      UNIQUE (party_id, user_id)
    );

    -- A partner's settings for the parties they host (partnership-plus.party-settings).
    -- min_period in seconds; required: the JSON list of each tier's requirement in the mode.
    CREATE TABLE party_settings (
      partner_id INTEGER PRIMARY KEY REFERENCES users(id),
      min_wagered INTEGER NOT NULL,
      min_period INTEGER NOT NULL,
      min_level INTEGER NOT NULL,
      invite_code TEXT NOT NULL,
      mode TEXT NOT NULL CHECK (mode IN ('level', 'rank', 'race')),
      required TEXT NOT NULL,
      background TEXT
    );

    -- Streamers in the stream club: the partners who may host parties.
    CREATE TABLE stream_club (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      joined_at INTEGER NOT NULL
    );
  `,
};
