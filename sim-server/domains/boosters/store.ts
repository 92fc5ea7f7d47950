/** Reading boosters and shaping them for the wire (src/contract/boosters.ts). */
import type { Booster } from '../../../src/contract/boosters.ts';
import { BOOSTER_DESCRIPTIONS, BOOSTER_NAMES, boosterLocked, type BoosterKind, type BoosterStatus } from '../../../src/core/boosters.ts';
import { toHash } from '../../../src/core/hash-id.ts';
import type { Db, Tx } from '../../db/database.ts';

export interface BoosterRow {
  id: number;
  hash: string;
  user_id: number;
  kind: BoosterKind;
  status: BoosterStatus;
  level: number;
  multiplier_milli: number;
  duration_ms: number | null;
  bonus_max: number | null;
  bonus_left: number | null;
  max_price: number | null;
  source: string;
  ref: string | null;
  created_at: number;
  activated_at: number | null;
  expires_at: number | null;
  closed_at: number | null;
  issued_exp: number;
  issued_amount: number;
  issued_count: number;
}

type Read = Pick<Db, 'get' | 'all'> | Pick<Tx, 'get' | 'all'>;

const COLUMNS = `id, user_id, kind, status, level, multiplier_milli, duration_ms, bonus_max, bonus_left, max_price, source, ref,
  created_at, activated_at, expires_at, closed_at, issued_exp, issued_amount, issued_count`;

const withHash = (row: Omit<BoosterRow, 'hash'>): BoosterRow => ({ ...row, hash: toHash(row.id) });

export async function boosterById(db: Read, id: number): Promise<BoosterRow | undefined> {
  const row = await db.get<Omit<BoosterRow, 'hash'>>(`SELECT ${COLUMNS} FROM boosters WHERE id = ?`, id);
  return row && withHash(row);
}

/** The player's boosters that are not closed, newest first. */
export async function openBoosters(db: Read, userId: number): Promise<BoosterRow[]> {
  return (await db.all<Omit<BoosterRow, 'hash'>>(`SELECT ${COLUMNS} FROM boosters WHERE user_id = ? AND status <> 'closed' ORDER BY id DESC`, userId)).map(withHash);
}

/** A page of the player's closed boosters, newest first; `before` is the last id of the previous page. */
export async function closedBoosters(db: Read, userId: number, before: number | null, count: number): Promise<BoosterRow[]> {
  return (await db
    .all<Omit<BoosterRow, 'hash'>>(
      `SELECT ${COLUMNS} FROM boosters WHERE user_id = ? AND status = 'closed' AND id < ? ORDER BY id DESC LIMIT ?`,
      userId, before ?? Number.MAX_SAFE_INTEGER, count,
    ))
    .map(withHash);
}

/**
 * The player's running booster of a kind at `now`, the one that started first. Effects call it
 * in the transaction of what they change.
 */
export async function runningBooster(db: Read, userId: number, kind: BoosterKind, now: number): Promise<BoosterRow | undefined> {
  const row = await db.get<Omit<BoosterRow, 'hash'>>(
    `SELECT ${COLUMNS} FROM boosters WHERE user_id = ? AND kind = ? AND status = 'active' AND (expires_at IS NULL OR expires_at > ?)
       AND (bonus_max IS NULL OR bonus_left > 0) ORDER BY activated_at, id LIMIT 1`,
    userId, kind, now,
  );
  return row && withHash(row);
}

/** The wire shape; `userLevel` decides `locked` (null: unknown, treated as level 0). */
export function boosterOut(row: BoosterRow, userLevel: number | null): Booster {
  const once = row.bonus_max === 1;
  return {
    hash: row.hash,
    id: row.id,
    kind: row.kind,
    name: BOOSTER_NAMES[row.kind],
    status: row.status,
    expires_at: row.expires_at,
    active: row.status === 'active',
    level: row.level,
    locked: row.status === 'ready' && boosterLocked(row, userLevel ?? 0),
    params: {
      multiplier: row.multiplier_milli / 1000,
      description: BOOSTER_DESCRIPTIONS[row.kind],
      expires: row.duration_ms,
      once,
      bonus_max: row.bonus_max,
      bonus_left: row.bonus_left,
      bonus_wager_requirement: 0,
      max_price: row.max_price,
    },
    process: {
      bonus_issued_exprience: row.issued_exp,
      refund_price: row.kind === 'battle_refund' ? row.issued_amount : 0,
      bonus_issued_reward: row.issued_count,
      bonus_issued_amount: row.issued_amount,
      bonus_amount: row.bonus_max !== null && row.kind === 'deposit_bonus' ? row.bonus_max - (row.bonus_left ?? 0) : row.issued_amount,
    },
    render: { layout_name: row.kind, layout_class: `booster-${row.kind.replace('_', '-')}`, colors: [], gradient: '', image: null, contrast_mode: false },
    created_at: row.created_at,
    activated_at: row.activated_at,
    closed_at: row.closed_at,
  };
}
