import type { Migration } from '../migrations.ts';

/**
 * Chat messages may come from every origin document 2 lists (arena_drop, game_chicken, radio,
 * stream, chat_steal, card_activated, system, rakeback_rain, tip); migration 10 allowed only
 * tip and system. SQLite cannot change a CHECK in place, so the table is rebuilt with its rows,
 * ids and index. The new table's self-reference names itself, so it follows the rename.
 */
export const chatOrigins: Migration = {
  id: 17,
  name: 'chat messages from every origin of the spec',
  sql: `
    CREATE TABLE chat_messages_next (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      text TEXT NOT NULL,
      origin TEXT CHECK (origin IS NULL OR origin IN ('tip', 'system', 'arena_drop', 'game_chicken', 'radio', 'stream', 'chat_steal', 'card_activated', 'rakeback_rain')),
      details TEXT NOT NULL DEFAULT '{}',
      reply_id INTEGER REFERENCES chat_messages_next(id),
      hidden INTEGER NOT NULL DEFAULT 0,
      deleted INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    INSERT INTO chat_messages_next (id, user_id, text, origin, details, reply_id, hidden, deleted, created_at)
      SELECT id, user_id, text, origin, details, reply_id, hidden, deleted, created_at FROM chat_messages ORDER BY id;
    DROP TABLE chat_messages;
    ALTER TABLE chat_messages_next RENAME TO chat_messages;
    CREATE INDEX chat_messages_user ON chat_messages (user_id, created_at);
  `,
};
