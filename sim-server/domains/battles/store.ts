/**
 * Battle rows and the engine states they hold (schema 0004). The engine state JSON in
 * battles.state is the source of truth; parsed states of recent battles are cached in memory.
 * The cache only ever receives committed states (after COMMIT), and this process is the only
 * writer of the embedded database, so a cached state is always the stored one. With several
 * processes on one database the cache checks each state against its row (createStateCache).
 */
import { parseHash, toHash } from '../../../src/core/index.ts';
import { lockedIn, type Db, type Tx } from '../../db/database.ts';
import type { BattleState, PlayerId } from './engine.ts';

/** A battles row. */
export interface BattleRow {
  id: number;
  token: string;
  creator_id: number;
  personal: number;
  status: BattleState['status'];
  scheme: string;
  /** JSON {box_id: version}. */
  box_versions: string;
  seats: number;
  price: number;
  server_seed: string;
  server_seed_hashed: string;
  beacon_id: string | null;
  block_number: number | null;
  beacon_time: number | null;
  state: string;
  wake_at: number | null;
  pot: number | null;
  created_at: number;
  updated_at: number;
  ended_at: number | null;
}

/** A battle_drops row. */
export interface BattleDropRow {
  id: number;
  battle_id: number;
  round: number;
  seat: number;
  user_id: number;
  box_id: number;
  box_version: number;
  item_id: number;
  nonce: number;
  ticket: number;
  range_from: number;
  range_to: number;
  value: number;
  asset_id: number | null;
  created_at: number;
}

/** A battle_messages row. */
export interface BattleMessageRow {
  id: number;
  battle_id: number;
  user_id: number;
  text: string;
  created_at: number;
}

/** Statuses in which a battle has not ended. */
export const OPEN_STATUSES = ['waiting', 'process', 'running', 'rob'] as const;

/** The user id behind an engine player id (a user hash). */
export function userIdOf(player: PlayerId): number {
  const id = parseHash(player);
  if (id === null) throw new Error(`not a player hash: ${player}`);
  return id;
}

/** The engine player id of a user. */
export function playerOf(userId: number): PlayerId {
  return toHash(userId);
}

/** A battle by id. */
export function battleById(db: Pick<Db, 'get'>, id: number): Promise<BattleRow | undefined> {
  return db.get<BattleRow>(`SELECT * FROM battles WHERE id = ?${lockedIn(db)}`, id);
}

/** A battle by its 32-character token. */
export function battleByToken(db: Pick<Db, 'get'>, token: string): Promise<BattleRow | undefined> {
  return db.get<BattleRow>(`SELECT * FROM battles WHERE token = ?${lockedIn(db)}`, token);
}

/**
 * A battle as `viewer` may address it: any battle by token; by hash a public battle, or a
 * personal one only for a player seated in it (its token is its only public address).
 */
export async function battleByRef(db: Pick<Db, 'get'>, ref: string, viewer: number | null): Promise<BattleRow | undefined> {
  if (ref.length === 32) return battleByToken(db, ref);
  const id = parseHash(ref);
  const row = id === null ? undefined : await battleById(db, id);
  if (!row || row.personal === 0) return row;
  const seated = viewer !== null && await db.get('SELECT 1 FROM battle_seats WHERE battle_id = ? AND user_id = ?', row.id, viewer);
  return seated ? row : undefined;
}

/** What a new battle row needs before the engine has made its state. */
export interface NewBattle {
  token: string;
  creatorId: number;
  personal: boolean;
  scheme: string;
  boxVersions: Record<number, number>;
  seats: number;
  price: number;
  serverSeed: string;
  serverSeedHashed: string;
  now: number;
}

/** Inserts a battle with an empty state (the first step stores the real one); answers its id. */
export async function insertBattle(tx: Tx, b: NewBattle): Promise<number> {
  return (await tx.run(
    `INSERT INTO battles (token, creator_id, personal, status, scheme, box_versions, seats, price, server_seed, server_seed_hashed, state, created_at, updated_at)
     VALUES (?, ?, ?, 'waiting', ?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
    b.token, b.creatorId, b.personal ? 1 : 0, b.scheme, JSON.stringify(b.boxVersions), b.seats, b.price, b.serverSeed, b.serverSeedHashed, b.now, b.now,
  )).lastInsertRowid;
}

/** Stores a battle's new state with the columns queries read. */
export async function saveBattle(tx: Tx, id: number, state: BattleState, wakeAt: number | null, now: number): Promise<void> {
  await tx.run(
    `UPDATE battles SET state = ?, status = ?, wake_at = ?, beacon_id = ?, block_number = ?, beacon_time = ?, pot = ?, ended_at = ?, updated_at = ?
     WHERE id = ?`,
    JSON.stringify(state), state.status, wakeAt, state.beacon?.id ?? null, state.beacon?.number ?? null, state.beacon?.time ?? null,
    state.outcome?.pot ?? null, state.endedAt, now, id,
  );
}

/** Battles the runner must tick: waiting ones (they expire), then those between the last seat filling and the end. */
export function battlesInPlay(db: Pick<Db, 'all'>): Promise<{ id: number; wake_at: number | null }[]> {
  return db.all("SELECT id, wake_at FROM battles WHERE status IN ('waiting', 'process', 'running', 'rob') ORDER BY id");
}

/** The case version of each case id the battle uses. */
export function boxVersionsOf(row: Pick<BattleRow, 'box_versions'>): Record<number, number> {
  return JSON.parse(row.box_versions) as Record<number, number>;
}

/** A battle's drops by round then seat. */
export function dropsOfBattle(db: Pick<Db, 'all'>, battleId: number): Promise<BattleDropRow[]> {
  return db.all<BattleDropRow>('SELECT * FROM battle_drops WHERE battle_id = ? ORDER BY round, seat', battleId);
}

/** The latest `count` messages of a battle, oldest first. */
export async function recentMessages(db: Pick<Db, 'all'>, battleId: number, count: number): Promise<BattleMessageRow[]> {
  return (await db.all<BattleMessageRow>('SELECT * FROM battle_messages WHERE battle_id = ? ORDER BY id DESC LIMIT ?', battleId, count)).toReversed();
}

/** Parsed engine states of recent battles; see the file comment for why it is coherent. */
export interface StateCache {
  /** The row's state, parsed once. */
  get(row: Pick<BattleRow, 'id' | 'state'>): BattleState;
  /** Remembers a committed state. */
  set(id: number, state: BattleState): void;
}

/**
 * A cache keeping the `limit` most recently used states. `shared`: other processes write the
 * same rows (one database, several servers), so a state is kept with the JSON it was parsed
 * from and used only while the row still holds that JSON; a state stored here is parsed again.
 */
export function createStateCache(limit = 2_000, shared = false): StateCache {
  const states = new Map<number, BattleState>();
  const sources = new Map<number, string>();
  const remember = (id: number, state: BattleState) => {
    states.delete(id);
    states.set(id, state);
    if (states.size > limit) {
      const oldest = states.keys().next().value!;
      states.delete(oldest);
      sources.delete(oldest);
    }
  };
  return {
    get(row) {
      const cached = states.get(row.id);
      if (cached && (!shared || sources.get(row.id) === row.state)) return cached;
      const parsed = JSON.parse(row.state) as BattleState;
      remember(row.id, parsed);
      if (shared) sources.set(row.id, row.state);
      return parsed;
    },
    set: shared
      ? (id) => {
          states.delete(id);
          sources.delete(id);
        }
      : remember,
  };
}
