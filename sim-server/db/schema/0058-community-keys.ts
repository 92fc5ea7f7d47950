import type { Migration } from '../migrations.ts';

/**
 * Community keys (document 1 section 3 'Account data': community_keys per batch with a count;
 * docs/decisions/0033): a key opens one case of its id for free. Level rewards issue them;
 * opening one takes it off conditionally, so two opens at once spend two keys or fail.
 */
export const communityKeys: Migration = {
  id: 58,
  name: 'community keys',
  sql: `
    CREATE TABLE community_keys (
      user_id INTEGER NOT NULL REFERENCES users(id),
      key_id TEXT NOT NULL,
      count INTEGER NOT NULL CHECK (count >= 0),
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, key_id)
    );
  `,
};
