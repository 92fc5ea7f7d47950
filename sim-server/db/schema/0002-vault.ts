import type { Migration } from '../migrations.ts';

/** Vault locks (document 2, vault). */
export const vault: Migration = {
  id: 2,
  name: 'vault locks',
  sql: `
    CREATE TABLE vault_locks (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      locked_until INTEGER NOT NULL
    );
  `,
};
