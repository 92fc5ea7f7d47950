import type { Migration } from '../migrations.ts';

/**
 * The profile pattern a player wears (document 1 section 4's 'Apply pattern';
 * docs/decisions/0034): the hash of a pattern they unpacked, or NULL for none.
 */
export const profilePattern: Migration = {
  id: 61,
  name: 'profile pattern',
  sql: `
    ALTER TABLE users ADD COLUMN pattern TEXT;
  `,
};
