import type { Migration } from '../migrations.ts';

/** The case catalog, seed pairs, personal unbox games, their drops and the inventory. */
export const casesUnboxInventory: Migration = {
  id: 3,
  name: 'cases, seeds, unbox games, drops and inventory',
  sql: `
    -- Written from sim-server/world/catalog.ts on every start (upsert by key); never deleted,
    -- because assets and drops keep pointing at them.
    CREATE TABLE items (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      weapon TEXT NOT NULL,
      skin TEXT NOT NULL,
      wear TEXT,
      category TEXT NOT NULL,
      rarity TEXT NOT NULL,
      price INTEGER NOT NULL CHECK (price > 0)
    );

    CREATE TABLE boxes (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      deprecated INTEGER NOT NULL DEFAULT 0,
      -- The current version; box_versions keeps every one a roll may have used.
      version INTEGER NOT NULL
    );

    -- A case's price and range table at one version: slots is JSON [[item_id, from, to], ...].
    CREATE TABLE box_versions (
      box_id INTEGER NOT NULL REFERENCES boxes(id),
      version INTEGER NOT NULL,
      price INTEGER NOT NULL CHECK (price > 0),
      slots TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (box_id, version)
    );

    -- Provably fair seed pairs: one 'current' and one 'next' per player; retired pairs are
    -- 'revealed' and show their server_seed. nonce is the next roll's nonce.
    CREATE TABLE seed_pairs (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      state TEXT NOT NULL CHECK (state IN ('current', 'next', 'revealed')),
      server_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      client_seed TEXT,
      nonce INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      revealed_at INTEGER
    );
    CREATE UNIQUE INDEX seed_pairs_current ON seed_pairs(user_id) WHERE state = 'current';
    CREATE UNIQUE INDEX seed_pairs_next ON seed_pairs(user_id) WHERE state = 'next';
    CREATE INDEX seed_pairs_revealed ON seed_pairs(user_id, id) WHERE state = 'revealed';

    CREATE TABLE unbox_games (
      id INTEGER PRIMARY KEY,
      token TEXT NOT NULL UNIQUE,
      user_id INTEGER NOT NULL REFERENCES users(id),
      box_id INTEGER NOT NULL,
      box_version INTEGER NOT NULL,
      price INTEGER NOT NULL,
      count INTEGER NOT NULL CHECK (count > 0),
      rolls INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('running', 'finished')),
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      FOREIGN KEY (box_id, box_version) REFERENCES box_versions(box_id, version),
      CHECK (rolls <= count)
    );
    CREATE INDEX unbox_games_user ON unbox_games(user_id, id);

    -- Held items. kind 'item' is a catalog item; the cards work adds other kinds.
    CREATE TABLE assets (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL DEFAULT 'item',
      item_id INTEGER REFERENCES items(id),
      status TEXT NOT NULL CHECK (status IN ('held', 'sold')),
      box_id INTEGER,
      created_at INTEGER NOT NULL,
      sold_at INTEGER,
      CHECK (kind <> 'item' OR item_id IS NOT NULL)
    );
    CREATE INDEX assets_held ON assets(user_id, id) WHERE status = 'held';

    -- Every roll's public record: what it needs to be recomputed and checked.
    CREATE TABLE drops (
      id INTEGER PRIMARY KEY,
      game_id INTEGER NOT NULL REFERENCES unbox_games(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      box_id INTEGER NOT NULL,
      box_version INTEGER NOT NULL,
      item_id INTEGER NOT NULL REFERENCES items(id),
      asset_id INTEGER NOT NULL REFERENCES assets(id),
      round INTEGER NOT NULL,
      seed_pair_id INTEGER NOT NULL REFERENCES seed_pairs(id),
      client_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      nonce INTEGER NOT NULL,
      ticket INTEGER NOT NULL CHECK (ticket BETWEEN 1 AND 100000),
      range_from INTEGER NOT NULL,
      range_to INTEGER NOT NULL,
      fast INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      UNIQUE (game_id, round),
      UNIQUE (seed_pair_id, nonce),
      CHECK (range_from <= ticket AND ticket <= range_to)
    );
  `,
};
