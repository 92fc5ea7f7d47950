import type { Migration } from '../migrations.ts';

/**
 * The public chat (document 2): messages (kept, so the last ones survive a restart and a
 * player's cooldown is restored from their last send), chat bans, per-player mutes, tips
 * and the chat-wide pause flag.
 */
export const chat: Migration = {
  id: 10,
  name: 'chat: messages, bans, mutes, tips, rains, split-or-steal, settings',
  sql: `
    CREATE TABLE chat_messages (
      id INTEGER PRIMARY KEY,
      -- The author; for a tip its sender, even when the tip is anonymous.
      user_id INTEGER NOT NULL REFERENCES users(id),
      text TEXT NOT NULL,
      origin TEXT CHECK (origin IS NULL OR origin IN ('tip', 'system')),
      -- JSON: a tip's amount, recipient, anonymous, need_wager, kick.
      details TEXT NOT NULL DEFAULT '{}',
      reply_id INTEGER REFERENCES chat_messages(id),
      hidden INTEGER NOT NULL DEFAULT 0,
      deleted INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX chat_messages_user ON chat_messages (user_id, created_at);

    -- A chat ban ends at until_s (unix seconds); lifting one deletes the row.
    CREATE TABLE chat_bans (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      until_s INTEGER NOT NULL,
      by_id INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL
    );

    -- user_id does not see muted_id's messages until expire_s (unix seconds).
    CREATE TABLE chat_mutes (
      user_id INTEGER NOT NULL REFERENCES users(id),
      muted_id INTEGER NOT NULL REFERENCES users(id),
      expire_s INTEGER NOT NULL,
      PRIMARY KEY (user_id, muted_id)
    );

    -- Rains: joining runs from created_at to ends_at; then the sorted participants and their
    -- hash are written (drawing), and the first beacon block after ends_at splits the pot.
    CREATE TABLE chat_rains (
      id INTEGER PRIMARY KEY,
      status TEXT NOT NULL CHECK (status IN ('active', 'drawing', 'finished')),
      conditions TEXT NOT NULL,
      challenge TEXT NOT NULL,
      difficulty INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      ends_at INTEGER NOT NULL,
      pot INTEGER,
      participants TEXT,
      participants_hash TEXT,
      beacon_number INTEGER,
      beacon_id TEXT,
      rewards TEXT,
      finished_at INTEGER
    );
    CREATE TABLE chat_rain_users (
      rain_id INTEGER NOT NULL REFERENCES chat_rains(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      joined_at INTEGER NOT NULL,
      PRIMARY KEY (rain_id, user_id)
    );

    -- Split-or-steal: joining while waiting; at roll_at the first beacon block after it picks
    -- two players; each commits split or steal (the hash is public, the choice and its salt
    -- are revealed when the game closes).
    CREATE TABLE chat_steal_games (
      id INTEGER PRIMARY KEY,
      status TEXT NOT NULL CHECK (status IN ('waiting', 'rolling', 'battling', 'closed')),
      reward INTEGER NOT NULL CHECK (reward > 0),
      conditions TEXT NOT NULL,
      challenge TEXT NOT NULL,
      difficulty INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      roll_at INTEGER NOT NULL,
      battle_at INTEGER,
      end_at INTEGER,
      beacon_id TEXT,
      players TEXT,
      result TEXT
    );
    CREATE TABLE chat_steal_users (
      game_id INTEGER NOT NULL REFERENCES chat_steal_games(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      joined_at INTEGER NOT NULL,
      PRIMARY KEY (game_id, user_id)
    );

    CREATE TABLE chat_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `,
};
