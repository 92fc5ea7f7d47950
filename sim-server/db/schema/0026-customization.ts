import type { Migration } from '../migrations.ts';

/**
 * Customisation (document 1 sections 3, 5; docs/decisions/0026): the player's uploaded avatar,
 * the one-off rights to change the avatar or the nickname (what activating a one-off avatar or
 * nickname card gives), and the reaction, emoji and pattern bundles unlocked by cards.
 */
export const customization: Migration = {
  id: 26,
  name: 'avatars, customisation rights, unlocked bundles',
  sql: `
    -- The avatar's public path (/api/avatars/<file>), or NULL for the default one.
    ALTER TABLE users ADD COLUMN avatar TEXT;

    -- One row per one-off right; used_at set when the upload or the rename spends it.
    CREATE TABLE customize_rights (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL CHECK (kind IN ('avatar', 'nickname')),
      source TEXT NOT NULL,
      ref TEXT,
      created_at INTEGER NOT NULL,
      used_at INTEGER
    );
    CREATE INDEX customize_rights_open ON customize_rights (user_id, kind) WHERE used_at IS NULL;
    CREATE UNIQUE INDEX customize_rights_source ON customize_rights (source, ref) WHERE ref IS NOT NULL;

    -- Bundles a player has unlocked (a reactions or emojis card, a pattern): once each.
    CREATE TABLE user_unlocks (
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL CHECK (kind IN ('reactions', 'emojis', 'pattern')),
      item TEXT NOT NULL,
      source TEXT NOT NULL,
      ref TEXT,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, kind, item)
    ) WITHOUT ROWID;
  `,
};
