import type { Migration } from '../migrations.ts';

/**
 * The support chat (document 1 route table /support; docs/decisions/0054): a player's thread
 * with support and its messages, the player's and the agent's (the sim console's operator). A
 * player has at most one open thread; logout or the agent closes it.
 */
export const supportChat: Migration = {
  id: 85,
  name: 'support chat',
  sql: `
    CREATE TABLE support_threads (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      closed_at INTEGER,
      closed_reason TEXT CHECK (closed_reason IN ('logout', 'agent'))
    );
    CREATE UNIQUE INDEX support_threads_open ON support_threads (user_id) WHERE status = 'open';
    CREATE INDEX support_threads_status ON support_threads (status, updated_at);

    -- user_id: the thread's player on every message, so the flood rule counts one index.
    CREATE TABLE support_messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      thread_id INTEGER NOT NULL REFERENCES support_threads(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      author TEXT NOT NULL CHECK (author IN ('player', 'agent')),
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX support_messages_thread ON support_messages (thread_id, id);
    CREATE INDEX support_messages_player ON support_messages (user_id, author, created_at);
  `,
};
