import type { Migration } from '../migrations.ts';

/** Players, sessions, the double-entry ledger, idempotency records and connect tokens. */
export const accountsLedger: Migration = {
  id: 1,
  name: 'accounts, sessions and the ledger',
  sql: `
    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      display_name TEXT NOT NULL,
      password_hash TEXT,
      provider_id TEXT UNIQUE,
      scope INTEGER NOT NULL DEFAULT 0,
      tags TEXT NOT NULL DEFAULT '[]',
      exp INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE sessions (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      refresh_hash TEXT NOT NULL UNIQUE,
      device_token TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      revoked_at INTEGER
    );
    CREATE INDEX sessions_user ON sessions(user_id);

    -- kind: 'user' balances never go below zero; 'house' accounts hold the other side of
    -- games and the faucet; the single 'world' account is the outside (deposits, withdrawals).
    CREATE TABLE accounts (
      id INTEGER PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('user', 'house', 'world')),
      user_id INTEGER REFERENCES users(id),
      currency TEXT NOT NULL,
      balance INTEGER NOT NULL DEFAULT 0,
      CHECK (kind <> 'user' OR balance >= 0)
    );
    CREATE INDEX accounts_user ON accounts(user_id);

    -- Double entry: one row per transfer, amount > 0 from debit_account to credit_account.
    CREATE TABLE ledger (
      id INTEGER PRIMARY KEY,
      debit_account INTEGER NOT NULL REFERENCES accounts(id),
      credit_account INTEGER NOT NULL REFERENCES accounts(id),
      amount INTEGER NOT NULL CHECK (amount > 0),
      type TEXT NOT NULL,
      ref TEXT,
      debit_balance INTEGER NOT NULL,
      credit_balance INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX ledger_debit ON ledger(debit_account, id);
    CREATE INDEX ledger_credit ON ledger(credit_account, id);

    -- One row per money-moving request that carried a stamp: a retry gets the first answer.
    CREATE TABLE idempotency (
      user_id INTEGER NOT NULL,
      stamp TEXT NOT NULL,
      method TEXT NOT NULL,
      response TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, stamp)
    );

    -- Refresh tokens already exchanged: presenting one again revokes its session.
    CREATE TABLE used_refresh (
      refresh_hash TEXT PRIMARY KEY,
      session_id INTEGER NOT NULL REFERENCES sessions(id)
    );

    CREATE TABLE connect_tokens (
      token TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      expires_at INTEGER NOT NULL
    );
  `,
};
