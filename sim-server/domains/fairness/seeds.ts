/**
 * Seed pairs for provably fair unbox rolls (docs/design.md section 6). A player always
 * has a current pair, whose server seed is shown only hashed, and the next server seed,
 * also shown hashed. Retiring the current pair reveals its server seed; the next one takes
 * over with nonce 0 and a new next one is drawn. A changed client seed retires the pair too,
 * so a (server seed, client seed, nonce) triple can never come round again: otherwise a
 * player could switch back to an old client seed and replay tickets already seen.
 */
import { randomBytes } from 'node:crypto';
import type { Seed, z } from '../../../src/contract/index.ts';
import { randomClientSeed, sha256Hex } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';

/** A seed_pairs row. */
export interface SeedPairRow {
  id: number;
  user_id: number;
  state: 'current' | 'next' | 'revealed';
  server_seed: string;
  server_seed_hashed: string;
  client_seed: string | null;
  nonce: number;
}

/** The current pair, whose client seed is always set. */
export type CurrentPair = SeedPairRow & { client_seed: string };

const PAIR_COLUMNS = 'id, user_id, state, server_seed, server_seed_hashed, client_seed, nonce';

/** 64 hex characters from 32 random bytes. */
function drawServerSeed(): string {
  return randomBytes(32).toString('hex');
}

async function insertPair(tx: Tx, userId: number, state: 'current' | 'next', clientSeed: string | null, now: number): Promise<void> {
  const serverSeed = drawServerSeed();
  await tx.run(
    'INSERT INTO seed_pairs (user_id, state, server_seed, server_seed_hashed, client_seed, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    userId, state, serverSeed, sha256Hex(serverSeed), clientSeed, now,
  );
}

// The state is written into the SQL, not bound: SQLite matches a partial index
// (seed_pairs_current, seed_pairs_next) to a bound value only by re-preparing the statement
// whenever the value changes, about 40 µs per call on every roll (docs/decisions/0029).
const PAIR_SQL = {
  current: `SELECT ${PAIR_COLUMNS} FROM seed_pairs WHERE user_id = ? AND state = 'current'`,
  next: `SELECT ${PAIR_COLUMNS} FROM seed_pairs WHERE user_id = ? AND state = 'next'`,
} as const;

function pairIn(tx: Pick<Tx, 'get'>, userId: number, state: 'current' | 'next'): Promise<SeedPairRow | undefined> {
  return tx.get<SeedPairRow>(PAIR_SQL[state], userId);
}

/** The player's current and next pairs, created with a random client seed on first use. */
async function pairs(tx: Tx, userId: number, now: number): Promise<{ current: CurrentPair; next: SeedPairRow }> {
  let current = await pairIn(tx, userId, 'current');
  if (!current) {
    await insertPair(tx, userId, 'current', randomClientSeed(), now);
    current = (await pairIn(tx, userId, 'current'))!;
  }
  let next = await pairIn(tx, userId, 'next');
  if (!next) {
    await insertPair(tx, userId, 'next', null, now);
    next = (await pairIn(tx, userId, 'next'))!;
  }
  return { current: current as CurrentPair, next };
}

/** What the player sees of their seeds. */
export async function seedView(tx: Tx, userId: number, now: number): Promise<z.output<typeof Seed>> {
  const { current, next } = await pairs(tx, userId, now);
  return { client_seed: current.client_seed, server_seed_hashed: current.server_seed_hashed, next_server_seed_hashed: next.server_seed_hashed, nonce: current.nonce };
}

/** The client seed the next roll will use. */
export async function currentClientSeed(tx: Tx, userId: number, now: number): Promise<string> {
  return (await pairs(tx, userId, now)).current.client_seed;
}

/**
 * Retires the current pair and answers its revealed server seed: the next server seed becomes
 * current with `clientSeed` (or the old client seed) at nonce 0, and a new next one is drawn.
 */
export async function rotateSeeds(tx: Tx, userId: number, now: number, clientSeed?: string): Promise<string> {
  const { current, next } = await pairs(tx, userId, now);
  await tx.run("UPDATE seed_pairs SET state = 'revealed', revealed_at = ? WHERE id = ?", now, current.id);
  await tx.run("UPDATE seed_pairs SET state = 'current', client_seed = ?, nonce = 0 WHERE id = ?", clientSeed ?? current.client_seed, next.id);
  await insertPair(tx, userId, 'next', null, now);
  return current.server_seed;
}

// One statement on every roll: the nonce taken and the pair read back together.
const TAKE_NONCE_SQL = `UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = ? AND state = 'current' RETURNING ${PAIR_COLUMNS}`;

/** Spends the current pair's nonce for one roll: answers the pair as it was before. */
export async function takeNonce(tx: Tx, userId: number, now: number): Promise<CurrentPair> {
  const taken = await tx.get<CurrentPair>(TAKE_NONCE_SQL, userId);
  if (taken) return { ...taken, nonce: taken.nonce - 1 };
  // The player's first roll: the pairs are drawn now (current and next, as seedView shows them).
  const { current } = await pairs(tx, userId, now);
  await tx.run('UPDATE seed_pairs SET nonce = nonce + 1 WHERE id = ?', current.id);
  return current;
}

/** The server seed of the player's most recently retired pair, if any. */
export async function lastRevealedSeed(db: Pick<Db, 'get'>, userId: number): Promise<string | undefined> {
  return (await db.get<{ server_seed: string }>("SELECT server_seed FROM seed_pairs WHERE user_id = ? AND state = 'revealed' ORDER BY id DESC LIMIT 1", userId))?.server_seed;
}
