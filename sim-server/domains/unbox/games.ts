/** Personal unbox games and their drops: rows, and the shapes the wire shows them in. */
import type { Drop, UnboxGame, z } from '../../../src/contract/index.ts';
import { formatScheme, randomClientSeed, toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import type { CatalogView } from '../cases/catalog-store.ts';

/** An unbox_games row. */
export interface GameRow {
  id: number;
  token: string;
  user_id: number;
  box_id: number;
  box_version: number;
  price: number;
  count: number;
  rolls: number;
  status: 'running' | 'finished';
  created_at: number;
  finished_at: number | null;
}

/** A drops row with its pair's server seed once revealed. */
export interface DropRow {
  id: number;
  game_id: number;
  user_id: number;
  box_id: number;
  box_version: number;
  item_id: number;
  asset_id: number;
  round: number;
  client_seed: string;
  server_seed_hashed: string;
  server_seed: string | null;
  nonce: number;
  ticket: number;
  range_from: number;
  range_to: number;
  fast: number;
  created_at: number;
}

/** An unbox game as the wire shows it. */
export type GameOut = z.output<typeof UnboxGame>;
/** A drop as the wire shows it. */
export type DropOut = z.output<typeof Drop>;

const DROP_SELECT = `SELECT d.*, CASE WHEN s.state = 'revealed' THEN s.server_seed END AS server_seed
  FROM drops d JOIN seed_pairs s ON s.id = d.seed_pair_id`;

/** Length of a personal game's token (document 1 section 7: a 32-character token). */
const TOKEN_LENGTH = 32;

/**
 * Records a running game of `count` rolls of a case at its current version; whoever calls it
 * pays for it in the same transaction (a purchase, or a case card already taken).
 */
export async function insertUnboxGame(tx: Tx, userId: number, box: { id: number; version: number; price: number }, count: number, now: number): Promise<{ id: number; token: string }> {
  const token = randomClientSeed(TOKEN_LENGTH);
  const { lastInsertRowid: id } = await tx.run(
    "INSERT INTO unbox_games (token, user_id, box_id, box_version, price, count, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'running', ?)",
    token, userId, box.id, box.version, box.price, count, now,
  );
  return { id, token };
}

/** A game by its token. */
export function gameByToken(db: Pick<Db, 'get'>, token: string): Promise<GameRow | undefined> {
  return db.get<GameRow>('SELECT * FROM unbox_games WHERE token = ?', token);
}

/** A game by id. */
export function gameById(db: Pick<Db, 'get'>, id: number): Promise<GameRow | undefined> {
  return db.get<GameRow>('SELECT * FROM unbox_games WHERE id = ?', id);
}

/** One drop by id. */
export function dropById(db: Pick<Db, 'get'>, id: number): Promise<DropRow | undefined> {
  return db.get<DropRow>(`${DROP_SELECT} WHERE d.id = ?`, id);
}

/** A game's drops in roll order. */
export function dropsOfGame(db: Pick<Db, 'all'>, gameId: number): Promise<DropRow[]> {
  return db.all<DropRow>(`${DROP_SELECT} WHERE d.game_id = ? ORDER BY d.round`, gameId);
}

/** The wire shape of a game. */
export function gameOut(row: GameRow): GameOut {
  return {
    hash: toHash(row.id),
    token: row.token,
    type: 'unbox',
    personal: true,
    status: row.status,
    box_hash: toHash(row.box_id),
    box_version: row.box_version,
    price: row.price,
    total: row.price * row.count,
    scheme: formatScheme([{ box: toHash(row.box_id), count: row.count }]),
    round: row.rolls,
    rounds: row.count,
    user_hashes: [toHash(row.user_id)],
    time: row.created_at,
    finished_at: row.finished_at,
  };
}

/** The wire shape of a drop: its whole fairness record. */
export function dropOut(row: DropRow): DropOut {
  return {
    hash: toHash(row.id),
    item_hash: toHash(row.item_id),
    asset_hash: toHash(row.asset_id),
    box_hash: toHash(row.box_id),
    box_version: row.box_version,
    user_hash: toHash(row.user_id),
    round: row.round,
    seat: 1,
    nonce: row.nonce,
    ticket: row.ticket,
    client_seed: row.client_seed,
    server_seed_hashed: row.server_seed_hashed,
    server_seed: row.server_seed,
    range: [row.range_from, row.range_to],
    fast: row.fast === 1,
    time: row.created_at,
  };
}

/** Everything arena.game shows of an unbox game: drops, their items and the range table used. */
export async function unboxGameDetail(db: Pick<Db, 'all' | 'get'>, catalog: CatalogView, row: GameRow) {
  const drops = await dropsOfGame(db, row.id);
  const owner = (await findUserById(db, row.user_id))!;
  const itemIds = [...new Set(drops.map((d) => d.item_id))];
  return {
    game: gameOut(row),
    users: [publicUser(owner)],
    drops: drops.map(dropOut),
    items: itemIds.map((id) => catalog.item(id)!),
    boxes: [(await catalog.boxVersion(row.box_id, row.box_version))!.out],
    lobby: null,
    modes: { rob: null },
  };
}
