import type { Migration } from '../migrations.ts';

/**
 * Case battles. The engine's whole state (sim-server/domains/battles/state.ts) is kept as JSON
 * in battles.state: it is what a restarted server resumes from, written in the same transaction
 * as the ledger transfers of the step that produced it. The other columns and tables are what
 * queries and the wire read without parsing it: seats, the fairness record, every drop.
 */
export const battles: Migration = {
  id: 4,
  name: 'case battles: state, seats, drops and messages',
  sql: `
    CREATE TABLE battles (
      id INTEGER PRIMARY KEY,
      -- 32 characters: what join sends, and a personal battle's only address.
      token TEXT NOT NULL UNIQUE,
      creator_id INTEGER NOT NULL REFERENCES users(id),
      personal INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('waiting', 'process', 'running', 'rob', 'finished', 'closed')),
      -- Scheme text with short hashes, and the version of each case it used: JSON {box_id: version}.
      scheme TEXT NOT NULL,
      box_versions TEXT NOT NULL,
      seats INTEGER NOT NULL,
      price INTEGER NOT NULL CHECK (price > 0),
      -- The fairness record: the server seed stays secret until the battle finishes.
      server_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      beacon_id TEXT,
      block_number INTEGER,
      beacon_time INTEGER,
      -- The engine's BattleState as JSON.
      state TEXT NOT NULL,
      -- When the runner next ticks it (the engine's nextWakeAt); null when only a command moves it.
      wake_at INTEGER,
      -- Sum of the drops' values once finished, in cents.
      pot INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      ended_at INTEGER
    );
    CREATE INDEX battles_status ON battles(status, id);
    CREATE INDEX battles_wake ON battles(wake_at) WHERE wake_at IS NOT NULL;

    -- Who sits where now; a seat freed before the start is deleted. Kept after the end for history.
    CREATE TABLE battle_seats (
      battle_id INTEGER NOT NULL REFERENCES battles(id),
      seat INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id),
      bot INTEGER NOT NULL,
      joined_at INTEGER NOT NULL,
      -- Cents the seat won, set when the battle finishes (0 for a losing seat).
      reward INTEGER,
      PRIMARY KEY (battle_id, seat),
      UNIQUE (battle_id, user_id)
    );
    CREATE INDEX battle_seats_user ON battle_seats(user_id, battle_id);

    -- Every drop's public record, stored when its round starts (before any animation).
    -- asset_id is the item granted to a winner who took every drop.
    CREATE TABLE battle_drops (
      id INTEGER PRIMARY KEY,
      battle_id INTEGER NOT NULL REFERENCES battles(id),
      round INTEGER NOT NULL,
      seat INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id),
      box_id INTEGER NOT NULL,
      box_version INTEGER NOT NULL,
      item_id INTEGER NOT NULL REFERENCES items(id),
      nonce INTEGER NOT NULL,
      ticket INTEGER NOT NULL CHECK (ticket BETWEEN 1 AND 100000),
      range_from INTEGER NOT NULL,
      range_to INTEGER NOT NULL,
      value INTEGER NOT NULL,
      asset_id INTEGER REFERENCES assets(id),
      created_at INTEGER NOT NULL,
      UNIQUE (battle_id, round, seat),
      CHECK (range_from <= ticket AND ticket <= range_to)
    );

    CREATE TABLE battle_messages (
      id INTEGER PRIMARY KEY,
      battle_id INTEGER NOT NULL REFERENCES battles(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX battle_messages_battle ON battle_messages(battle_id, id);
  `,
};
