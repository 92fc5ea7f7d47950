import type { Migration } from '../migrations.ts';

/**
 * Boosters (document 1 sections 3 'Booster', 4 'Boosters'; docs/decisions/0026): one row per
 * booster a player owns. Granted 'ready' (by a card, the Battle Pass or an operator), made
 * 'active' once by the player (expires_at set for timed kinds), 'closed' when its time or its
 * uses run out. Counted figures (bonus_left) and what it gave (issued_*) change in the
 * transaction of the wager, deposit, battle or rain they belong to.
 */
export const boosters: Migration = {
  id: 25,
  name: 'boosters',
  sql: `
    CREATE TABLE boosters (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL CHECK (kind IN ('xp_multiplier', 'rain_boost', 'deposit_bonus', 'battle_refund', 'auto_join', 'auto_claim', 'free_access')),
      status TEXT NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'active', 'closed')),
      level INTEGER NOT NULL DEFAULT 0 CHECK (level >= 0),
      multiplier_milli INTEGER NOT NULL DEFAULT 1000 CHECK (multiplier_milli >= 1000),
      duration_ms INTEGER CHECK (duration_ms IS NULL OR duration_ms > 0),
      bonus_max INTEGER CHECK (bonus_max IS NULL OR bonus_max > 0),
      bonus_left INTEGER CHECK (bonus_left IS NULL OR bonus_left >= 0),
      max_price INTEGER CHECK (max_price IS NULL OR max_price > 0),
      -- Where it came from: 'card', 'battlepass', 'operator'...; ref the card or tier.
      source TEXT NOT NULL,
      ref TEXT,
      created_at INTEGER NOT NULL,
      activated_at INTEGER,
      expires_at INTEGER,
      closed_at INTEGER,
      issued_exp INTEGER NOT NULL DEFAULT 0,
      issued_amount INTEGER NOT NULL DEFAULT 0,
      issued_count INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX boosters_user ON boosters (user_id, status, id);
    -- The effects look up a player's running booster of a kind on every wager, deposit and rain.
    CREATE INDEX boosters_active ON boosters (user_id, kind, expires_at) WHERE status = 'active';
    -- A card or reward grants at most one booster: a retried grant finds the first.
    CREATE UNIQUE INDEX boosters_source ON boosters (source, ref) WHERE ref IS NOT NULL;
  `,
};
