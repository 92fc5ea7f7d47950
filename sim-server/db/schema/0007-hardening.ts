import type { Migration } from '../migrations.ts';

/**
 * Hardening (issue 12): the sim login provider's own accounts with a secret, the params hash
 * that ties a stamp to the call it was first used for, the moment a refresh token was rotated
 * (the grace for two tabs renewing at once), who was paid a starting balance from where, and
 * the players who passed basic verification.
 */
export const hardening: Migration = {
  id: 7,
  name: 'sim provider secrets, stamp params, renew grace, start grants',
  sql: `
    CREATE TABLE sim_provider_accounts (
      provider_id TEXT PRIMARY KEY,
      secret_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );

    -- Null for stamps recorded before this migration: those keep answering as before.
    ALTER TABLE idempotency ADD COLUMN params_hash TEXT;

    ALTER TABLE used_refresh ADD COLUMN rotated_at INTEGER;

    -- One row per starting balance paid: the client's IP and device token at sign-up.
    CREATE TABLE start_grants (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      ip TEXT NOT NULL,
      device TEXT,
      granted_at INTEGER NOT NULL
    );
    CREATE INDEX start_grants_ip ON start_grants (ip, granted_at);
    CREATE INDEX start_grants_device ON start_grants (device, granted_at);

    -- Basic verification (BASIC_VERIFY_REQUIRED): what the player gave, once.
    CREATE TABLE basic_verifications (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      full_name TEXT NOT NULL,
      birth_date TEXT NOT NULL,
      country TEXT NOT NULL,
      verified_at INTEGER NOT NULL
    );
  `,
};
