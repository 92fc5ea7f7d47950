import type { Migration } from '../migrations.ts';

/**
 * Catch the Chicken and Dice (docs/decisions/0017). Each chicken step and each dice roll
 * records the seed pair, client seed, hashed server seed and nonce it used, so the fairness
 * pages can recompute it once the pair is revealed even if the player rotated seeds since.
 */
export const chickenDice: Migration = {
  id: 8,
  name: 'chicken games and dice rolls',
  sql: `
    CREATE TABLE chicken_games (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      risk TEXT NOT NULL CHECK (risk IN ('low', 'medium', 'high')),
      bet INTEGER NOT NULL CHECK (bet > 0),
      status TEXT NOT NULL CHECK (status IN ('running', 'cashed', 'caught')),
      steps INTEGER NOT NULL DEFAULT 0,
      payout INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    );
    -- One open game per player: a second chicken.create racing the first fails here.
    CREATE UNIQUE INDEX chicken_games_open ON chicken_games (user_id) WHERE status = 'running';
    CREATE INDEX chicken_games_user ON chicken_games (user_id, id);
    CREATE INDEX chicken_games_finished ON chicken_games (finished_at) WHERE finished_at IS NOT NULL;

    CREATE TABLE chicken_steps (
      game_id INTEGER NOT NULL REFERENCES chicken_games(id),
      step INTEGER NOT NULL,
      seed_pair_id INTEGER NOT NULL REFERENCES seed_pairs(id),
      client_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      nonce INTEGER NOT NULL,
      ticket INTEGER NOT NULL,
      caught INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (game_id, step)
    );

    CREATE TABLE dice_autos (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      bet INTEGER NOT NULL CHECK (bet > 0),
      side TEXT NOT NULL CHECK (side IN ('under', 'over')),
      target INTEGER NOT NULL,
      count INTEGER NOT NULL,
      rolls INTEGER NOT NULL DEFAULT 0,
      profit INTEGER NOT NULL DEFAULT 0,
      stop_profit INTEGER,
      stop_loss INTEGER,
      status TEXT NOT NULL CHECK (status IN ('running', 'done')),
      reason TEXT CHECK (reason IN ('count', 'profit', 'loss', 'stopped')),
      created_at INTEGER NOT NULL
    );

    CREATE TABLE dice_rolls (
      id INTEGER PRIMARY KEY,
      token TEXT NOT NULL UNIQUE,
      user_id INTEGER NOT NULL REFERENCES users(id),
      bet INTEGER NOT NULL CHECK (bet > 0),
      side TEXT NOT NULL CHECK (side IN ('under', 'over')),
      target INTEGER NOT NULL,
      chance INTEGER NOT NULL,
      multiplier INTEGER NOT NULL,
      ticket INTEGER NOT NULL,
      win INTEGER NOT NULL,
      payout INTEGER NOT NULL,
      seed_pair_id INTEGER NOT NULL REFERENCES seed_pairs(id),
      client_seed TEXT NOT NULL,
      server_seed_hashed TEXT NOT NULL,
      nonce INTEGER NOT NULL,
      auto_id INTEGER REFERENCES dice_autos(id),
      created_at INTEGER NOT NULL
    );
    CREATE INDEX dice_rolls_user ON dice_rolls (user_id, id);
  `,
};
