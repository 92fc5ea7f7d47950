import type { Migration } from '../migrations.ts';

/**
 * The Battle Pass and cards (docs/decisions/0025). A card is an assets row of kind 'card'
 * (so its hash lives in the same space as items and inventory calls take either); what kind
 * of card it is and what it gives sit in cards. A card used or gifted leaves the inventory:
 * its assets row turns 'sold' (gone from the player) and cards.state says why.
 */
export const battlepassCards: Migration = {
  id: 20,
  name: 'battle pass and cards',
  sql: `
    CREATE TABLE cards (
      asset_id INTEGER PRIMARY KEY REFERENCES assets(id),
      kind TEXT NOT NULL,
      rarity TEXT NOT NULL CHECK (rarity IN ('low', 'medium', 'high', 'gold', 'ultra')),
      level INTEGER NOT NULL CHECK (level >= 1),
      name TEXT NOT NULL,
      -- Cents for free_coins; the dearest case price for case cards.
      amount INTEGER,
      -- The booster kind of a booster card; avatar, nickname or rain-spoiler for one-off cards.
      detail TEXT,
      box_id INTEGER,
      tradable INTEGER NOT NULL DEFAULT 0,
      source TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'used', 'gifted')),
      used_at INTEGER
    );

    -- One pass per player and season; last_experience is what the pass page last showed.
    CREATE TABLE bp_passes (
      user_id INTEGER NOT NULL REFERENCES users(id),
      season INTEGER NOT NULL,
      has_buy INTEGER NOT NULL DEFAULT 0,
      has_upgrade INTEGER NOT NULL DEFAULT 0,
      last_experience INTEGER NOT NULL DEFAULT 0,
      bought_at INTEGER,
      PRIMARY KEY (user_id, season)
    );

    -- A tier's reward on a track, claimed once: the key refuses the second claim.
    CREATE TABLE bp_claims (
      user_id INTEGER NOT NULL REFERENCES users(id),
      season INTEGER NOT NULL,
      tier INTEGER NOT NULL CHECK (tier BETWEEN 1 AND 30),
      track TEXT NOT NULL CHECK (track IN ('free', 'premium')),
      asset_id INTEGER NOT NULL REFERENCES assets(id),
      claimed_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, season, tier, track)
    );

    -- Avatars and patterns a player unpacked from cards.
    CREATE TABLE user_resources (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      resource TEXT NOT NULL,
      card_asset_id INTEGER NOT NULL UNIQUE REFERENCES assets(id),
      created_at INTEGER NOT NULL
    );
    CREATE INDEX user_resources_user ON user_resources(user_id, id);

    -- A card turned into an A-code: redeeming it moves the card to the redeemer.
    CREATE TABLE card_gifts (
      code TEXT PRIMARY KEY,
      asset_id INTEGER NOT NULL UNIQUE REFERENCES assets(id),
      from_user INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      redeemed_by INTEGER REFERENCES users(id),
      redeemed_at INTEGER
    );
  `,
};
