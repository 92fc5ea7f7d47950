import type { Migration } from '../migrations.ts';

/**
 * Stream party prizes become cards and boosters (docs/decisions/0027, amended): a tier no
 * longer names a catalog item. The table is rebuilt because item_id was NOT NULL; old rows
 * keep their item (prize_type 'item'). A booster prize is held once by its unique booster_id,
 * a card prize by the unique asset_id as before.
 */
export const partyCardPrizes: Migration = {
  id: 48,
  name: 'party card prizes',
  sql: `
    CREATE TABLE stream_party_tiers_next (
      party_id INTEGER NOT NULL REFERENCES stream_parties(id),
      number INTEGER NOT NULL CHECK (number >= 1),
      prize_type TEXT NOT NULL DEFAULT 'item' CHECK (prize_type IN ('item', 'card', 'booster')),
      prize_kind TEXT,
      prize_name TEXT,
      prize_rarity TEXT,
      item_id INTEGER REFERENCES items(id),
      price INTEGER NOT NULL CHECK (price >= 0),
      time_at INTEGER NOT NULL CHECK (time_at > 0),
      required_level INTEGER NOT NULL DEFAULT 0,
      required_rank INTEGER NOT NULL DEFAULT 6,
      required_race INTEGER NOT NULL DEFAULT 100,
      server_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      participants TEXT,
      participants_hash TEXT,
      published_at INTEGER,
      ticket INTEGER,
      winner_id INTEGER REFERENCES users(id),
      asset_id INTEGER UNIQUE REFERENCES assets(id),
      booster_id INTEGER UNIQUE REFERENCES boosters(id),
      completed_at INTEGER,
      PRIMARY KEY (party_id, number)
    ) WITHOUT ROWID;

    INSERT INTO stream_party_tiers_next (party_id, number, item_id, price, time_at, required_level, required_rank, required_race, server_seed,
      server_seed_hashed, participants, participants_hash, published_at, ticket, winner_id, asset_id, completed_at)
    SELECT party_id, number, item_id, price, time_at, required_level, required_rank, required_race, server_seed,
      server_seed_hashed, participants, participants_hash, published_at, ticket, winner_id, asset_id, completed_at FROM stream_party_tiers;

    DROP TABLE stream_party_tiers;

    ALTER TABLE stream_party_tiers_next RENAME TO stream_party_tiers;
  `,
};
