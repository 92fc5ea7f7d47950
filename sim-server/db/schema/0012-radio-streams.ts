import type { Migration } from '../migrations.ts';

/**
 * The radio, Wave (document 2), and live streams (document 1 /streams).
 *
 * Radio: the library, one vote per player and sound, and every play
 * (requested or from the rotation). A sound can be in play at most once at a time: the
 * partial unique index refuses a second request of a queued, next or playing sound even
 * if two requests race. Streams: one live stream per player (the sim console starts and stops them).
 */
export const radioStreams: Migration = {
  id: 12,
  name: 'radio and streams',
  sql: `
    CREATE TABLE radio_sounds (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      author TEXT NOT NULL,
      album TEXT NOT NULL,
      year INTEGER NOT NULL,
      seed INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL CHECK (duration_ms > 0),
      likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0)
    );
    CREATE TABLE radio_votes (
      sound_id INTEGER NOT NULL REFERENCES radio_sounds(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      liked INTEGER NOT NULL CHECK (liked IN (0, 1)),
      voted_at INTEGER NOT NULL,
      PRIMARY KEY (sound_id, user_id)
    );
    CREATE TABLE radio_plays (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      sound_id INTEGER NOT NULL REFERENCES radio_sounds(id),
      user_id INTEGER REFERENCES users(id),
      price INTEGER NOT NULL DEFAULT 0,
      state TEXT NOT NULL CHECK (state IN ('queued', 'next', 'playing', 'played')),
      start_time INTEGER,
      end_time INTEGER,
      created_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX radio_plays_in_play ON radio_plays (sound_id) WHERE state <> 'played';
    CREATE INDEX radio_plays_state ON radio_plays (state, id);
    CREATE TABLE streams (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      channel TEXT NOT NULL,
      title TEXT NOT NULL,
      followers INTEGER NOT NULL DEFAULT 0 CHECK (followers >= 0),
      started_at INTEGER NOT NULL,
      ended_at INTEGER
    );
    CREATE UNIQUE INDEX streams_live ON streams (user_id) WHERE ended_at IS NULL;
  `,
};
