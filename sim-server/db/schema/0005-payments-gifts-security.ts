import type { Migration } from '../migrations.ts';

/** Payments through the sim's providers, gift codes, 2FA, and referrals with their deposit bonus. */
export const paymentsGiftsSecurity: Migration = {
  id: 5,
  name: 'payments, gift codes, 2FA and referrals',
  sql: `
    -- One row per deposit or withdrawal. status: waiting (card invoice not paid yet),
    -- pending (funds on the way), completed, declined, expired (invoice never paid).
    -- amount is coin cents; units the currency's smallest units (8 or 6 decimals).
    CREATE TABLE payments (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      type TEXT NOT NULL CHECK (type IN ('deposit', 'withdraw')),
      provider TEXT NOT NULL CHECK (provider IN ('crypto', 'instaxchange', 'giftcard', 'skinsback')),
      method TEXT NOT NULL,
      currency TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('waiting', 'pending', 'completed', 'declined', 'expired')),
      amount INTEGER NOT NULL CHECK (amount >= 0),
      units INTEGER NOT NULL CHECK (units >= 0),
      fee_units INTEGER NOT NULL DEFAULT 0,
      address TEXT,
      tx_hash TEXT,
      confirmations INTEGER NOT NULL DEFAULT 0,
      required_confirmations INTEGER NOT NULL DEFAULT 0,
      -- The instaxchange session id (/wallet/deposit/instaxchange/{memo}).
      memo TEXT UNIQUE,
      reason TEXT,
      refund_address TEXT,
      refunded_at INTEGER,
      -- Provider details (sender, card, skins) as JSON.
      details TEXT NOT NULL DEFAULT '{}',
      -- When the provider acts next on its own (a confirmation, a settlement, an expiry).
      due_at INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX payments_user ON payments(user_id, id);
    CREATE INDEX payments_due ON payments(due_at) WHERE due_at IS NOT NULL;
    -- A chain transfer is credited once, whatever the provider reports twice.
    CREATE UNIQUE INDEX payments_chain_tx ON payments(currency, tx_hash) WHERE type = 'deposit' AND tx_hash IS NOT NULL;

    -- One deposit address per player and crypto currency, kept once shown.
    CREATE TABLE deposit_addresses (
      user_id INTEGER NOT NULL REFERENCES users(id),
      currency TEXT NOT NULL,
      address TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, currency)
    );

    CREATE TABLE payment_profiles (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      trade_url TEXT
    );

    -- kind 'wallet' codes (C...) pay amount cents; kind 'inventory' codes (A...) give item_id.
    CREATE TABLE gift_codes (
      id INTEGER PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('wallet', 'inventory')),
      amount INTEGER,
      item_id INTEGER REFERENCES items(id),
      -- The gift-card brand a code was sold as (applepay, paypal, ...); null for sim-minted codes.
      method TEXT,
      source TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      redeemed_by INTEGER REFERENCES users(id),
      redeemed_at INTEGER,
      CHECK ((kind = 'wallet' AND amount > 0) OR (kind = 'inventory' AND item_id IS NOT NULL))
    );

    -- 2FA: secret is base32; enabled once a first code proved the app has it. last_step is
    -- the last accepted time step, never accepted again.
    CREATE TABLE user_secure (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      secret TEXT NOT NULL,
      enabled INTEGER NOT NULL DEFAULT 0,
      last_step INTEGER NOT NULL DEFAULT -1,
      created_at INTEGER NOT NULL,
      enabled_at INTEGER
    );
    -- A right code opens a short window for its session, so one prompt covers a burst of calls.
    CREATE TABLE secure_grants (
      session_id INTEGER PRIMARY KEY REFERENCES sessions(id),
      until INTEGER NOT NULL
    );
    -- Failed code attempts (kind 'secure' for 2FA codes, 'promo' for referral codes) for cooldowns.
    CREATE TABLE code_attempts (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX code_attempts_user ON code_attempts(user_id, kind, at);

    CREATE TABLE referrals (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      partner_id INTEGER NOT NULL REFERENCES users(id),
      code TEXT NOT NULL,
      anonymous INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      changed_at INTEGER NOT NULL,
      CHECK (user_id <> partner_id)
    );
    CREATE INDEX referrals_partner ON referrals(partner_id);

    -- The deposit bonus paid per deposit; day is the UTC date the daily cap counts in.
    CREATE TABLE referral_bonuses (
      payment_id INTEGER PRIMARY KEY REFERENCES payments(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      partner_id INTEGER NOT NULL REFERENCES users(id),
      day TEXT NOT NULL,
      amount INTEGER NOT NULL CHECK (amount > 0),
      created_at INTEGER NOT NULL
    );
    CREATE INDEX referral_bonuses_day ON referral_bonuses(user_id, day);
  `,
};
