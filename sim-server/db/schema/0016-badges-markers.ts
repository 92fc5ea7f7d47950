import type { Migration } from '../migrations.ts';

/**
 * Account badges and markers (document 1 sections 3 and 7; docs/decisions/0024): the badge a
 * player shows, the badges granted to them (achievement badges need no row: holding the
 * achievement is owning the badge), and the markers the client sets once (assistant scenarios
 * done, badges seen).
 */
export const badgesMarkers: Migration = {
  id: 16,
  name: 'account badges and markers',
  sql: `
    -- The badge shown beside the name (a key of src/core/badges.ts), null for none.
    ALTER TABLE users ADD COLUMN badge TEXT;

    -- Badges written by a grant (source: who granted it, e.g. 'partner:12' or 'staff').
    CREATE TABLE account_badges (
      user_id INTEGER NOT NULL REFERENCES users(id),
      badge TEXT NOT NULL,
      source TEXT NOT NULL,
      granted_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, badge)
    ) WITHOUT ROWID;

    -- Markers: the first time each was set, in ms.
    CREATE TABLE account_marks (
      user_id INTEGER NOT NULL REFERENCES users(id),
      mark TEXT NOT NULL,
      marked_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, mark)
    ) WITHOUT ROWID;
  `,
};
