/** Chicken games and steps in the database, and their wire shapes. */
import type { ChickenGame, ChickenStep, z } from '../../../src/contract/index.ts';
import { CHICKEN_LEVELS, chickenMultiplier, toHash, type ChickenRisk } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';

/** A chicken_games row. */
export interface ChickenGameRow {
  id: number;
  user_id: number;
  risk: ChickenRisk;
  bet: number;
  status: 'running' | 'cashed' | 'caught';
  steps: number;
  payout: number;
  created_at: number;
  finished_at: number | null;
}

interface StepRow {
  step: number;
  nonce: number;
  ticket: number;
  caught: number;
  client_seed: string;
  server_seed_hashed: string;
  server_seed: string | null;
  created_at: number;
}

type Reader = Pick<Db, 'get' | 'all'>;

const GAME_COLUMNS = 'id, user_id, risk, bet, status, steps, payout, created_at, finished_at';

export function gameById(db: Reader, id: number): Promise<ChickenGameRow | undefined> {
  return db.get<ChickenGameRow>(`SELECT ${GAME_COLUMNS} FROM chicken_games WHERE id = ?`, id);
}

export function openGameOf(db: Reader, userId: number): Promise<ChickenGameRow | undefined> {
  return db.get<ChickenGameRow>(`SELECT ${GAME_COLUMNS} FROM chicken_games WHERE user_id = ? AND status = 'running'`, userId);
}

export function latestGamesOf(db: Reader, userId: number, count: number): Promise<ChickenGameRow[]> {
  return db.all<ChickenGameRow>(`SELECT ${GAME_COLUMNS} FROM chicken_games WHERE user_id = ? ORDER BY id DESC LIMIT ?`, userId, count);
}

export function latestFinished(db: Reader, count: number): Promise<ChickenGameRow[]> {
  return db.all<ChickenGameRow>(`SELECT ${GAME_COLUMNS} FROM chicken_games WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT ?`, count);
}

export function gameOut(row: ChickenGameRow): z.output<typeof ChickenGame> {
  return {
    hash: toHash(row.id),
    user_hash: toHash(row.user_id),
    risk: row.risk,
    max_damage: CHICKEN_LEVELS[row.risk].maxDamage,
    bet: row.bet,
    status: row.status,
    steps: row.steps,
    multiplier: row.status === 'caught' ? 0 : chickenMultiplier(row.risk, row.steps),
    payout: row.payout,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** A game's steps in order; the server seed shows only once its pair is revealed. */
export async function stepsOf(db: Reader, gameId: number): Promise<z.output<typeof ChickenStep>[]> {
  return (await db
    .all<StepRow>(
      `SELECT s.step, s.nonce, s.ticket, s.caught, s.client_seed, s.server_seed_hashed, s.created_at,
              CASE WHEN p.state = 'revealed' THEN p.server_seed END AS server_seed
         FROM chicken_steps s JOIN seed_pairs p ON p.id = s.seed_pair_id
        WHERE s.game_id = ? ORDER BY s.step`,
      gameId,
    ))
    .map((row) => ({
      step: row.step,
      nonce: row.nonce,
      ticket: row.ticket,
      caught: row.caught === 1,
      client_seed: row.client_seed,
      server_seed_hashed: row.server_seed_hashed,
      server_seed: row.server_seed,
      time: row.created_at,
    }));
}
