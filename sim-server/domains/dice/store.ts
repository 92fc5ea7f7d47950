/** Dice rolls and auto-bet runs in the database, and their wire shapes. */
import type { DiceAuto, DiceRoll, z } from '../../../src/contract/index.ts';
import { diceRollOf, toHash, type DiceSide } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';

type Reader = Pick<Db, 'get' | 'all'>;

/** A dice_rolls row with its pair's server seed once revealed. */
export interface RollRow {
  id: number;
  token: string;
  user_id: number;
  bet: number;
  side: DiceSide;
  target: number;
  chance: number;
  multiplier: number;
  ticket: number;
  win: number;
  payout: number;
  client_seed: string;
  server_seed_hashed: string;
  server_seed: string | null;
  nonce: number;
  auto_id: number | null;
  created_at: number;
}

/** A dice_autos row. */
export interface AutoRow {
  id: number;
  user_id: number;
  bet: number;
  side: DiceSide;
  target: number;
  count: number;
  rolls: number;
  profit: number;
  stop_profit: number | null;
  stop_loss: number | null;
  status: 'running' | 'done';
  reason: 'count' | 'profit' | 'loss' | 'stopped' | null;
}

const ROLL_SELECT = `SELECT r.id, r.token, r.user_id, r.bet, r.side, r.target, r.chance, r.multiplier, r.ticket, r.win, r.payout,
    r.client_seed, r.server_seed_hashed, r.nonce, r.auto_id, r.created_at,
    CASE WHEN p.state = 'revealed' THEN p.server_seed END AS server_seed
  FROM dice_rolls r JOIN seed_pairs p ON p.id = r.seed_pair_id`;

export function rollById(db: Reader, id: number): Promise<RollRow | undefined> {
  return db.get<RollRow>(`${ROLL_SELECT} WHERE r.id = ?`, id);
}

export function rollByToken(db: Reader, token: string): Promise<RollRow | undefined> {
  return db.get<RollRow>(`${ROLL_SELECT} WHERE r.token = ?`, token);
}

export function rollsOf(db: Reader, userId: number, count: number): Promise<RollRow[]> {
  return db.all<RollRow>(`${ROLL_SELECT} WHERE r.user_id = ? ORDER BY r.id DESC LIMIT ?`, userId, count);
}

export function latestRolls(db: Reader, count: number): Promise<RollRow[]> {
  return db.all<RollRow>(`${ROLL_SELECT} ORDER BY r.id DESC LIMIT ?`, count);
}

export function rollOut(row: RollRow): z.output<typeof DiceRoll> {
  return {
    hash: toHash(row.id),
    token: row.token,
    user_hash: toHash(row.user_id),
    bet: row.bet,
    side: row.side,
    target: row.target,
    chance: row.chance,
    multiplier: row.multiplier,
    ticket: row.ticket,
    roll: diceRollOf(row.ticket),
    win: row.win === 1,
    payout: row.payout,
    nonce: row.nonce,
    client_seed: row.client_seed,
    server_seed_hashed: row.server_seed_hashed,
    server_seed: row.server_seed,
    auto_hash: row.auto_id === null ? null : toHash(row.auto_id),
    created_at: row.created_at,
  };
}

export function autoById(db: Reader, id: number): Promise<AutoRow | undefined> {
  return db.get<AutoRow>('SELECT id, user_id, bet, side, target, count, rolls, profit, stop_profit, stop_loss, status, reason FROM dice_autos WHERE id = ?', id);
}

export function autoOut(row: AutoRow): z.output<typeof DiceAuto> {
  return {
    hash: toHash(row.id),
    bet: row.bet,
    side: row.side,
    target: row.target,
    count: row.count,
    rolls: row.rolls,
    profit: row.profit,
    stop_profit: row.stop_profit,
    stop_loss: row.stop_loss,
    status: row.status,
    reason: row.reason,
  };
}
