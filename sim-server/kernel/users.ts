/** Player accounts: creation (with the faucet's starting balance), lookup, public shape. */
import type { z } from '../../src/contract/index.ts';
import type { PublicUser } from '../../src/contract/index.ts';
import { toHash } from '../../src/core/hash-id.ts';
import { levelForExp } from '../../src/core/levels.ts';
import type { Db, Tx } from '../db/database.ts';
import type { Ledger } from '../db/ledger.ts';
import type { UserRow } from '../auth/users.ts';

// The row and its lookup by id live in auth/: sessions need them without the account domain.
export { findUserById, type UserRow } from '../auth/users.ts';

/** Finds a player by name, case-insensitively. */
export function findUserByName(db: Pick<Db, 'get'>, name: string): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT * FROM users WHERE name = ?', name);
}

/** Finds the player a login-provider identity belongs to. */
export function findUserByProvider(db: Pick<Db, 'get'>, providerId: string): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT * FROM users WHERE provider_id = ?', providerId);
}

/** Creates a player and pays the starting balance from the house faucet, in one transaction. */
export async function createUser(
  tx: Tx,
  ledger: Ledger,
  input: { name: string; passwordHash: string | null; providerId: string | null; startBalance: number; now: number },
): Promise<UserRow> {
  const { lastInsertRowid: id } = await tx.run(
    'INSERT INTO users (name, display_name, password_hash, provider_id, created_at) VALUES (?, ?, ?, ?, ?)',
    input.name, input.name, input.passwordHash, input.providerId, input.now,
  );
  if (input.startBalance > 0) {
    await ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: id }, amount: input.startBalance, type: 'signup_bonus' });
  }
  return (await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', id))!;
}

/** The player as others see them. */
export function publicUser(row: UserRow): z.output<typeof PublicUser> {
  return {
    hash: toHash(row.id),
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    scope: row.scope,
    tags: JSON.parse(row.tags) as string[],
    level: levelForExp(row.exp),
    info: { avatar: row.avatar ?? null, pattern: row.pattern ?? null, badge: row.badge ?? null },
  };
}

/** Whether a player carries a tag (club_member, sponsored, ...). */
export function hasTag(row: Pick<UserRow, 'tags'>, tag: string): boolean {
  return (JSON.parse(row.tags) as string[]).includes(tag);
}

/** Gives a player a tag or takes it away. */
export async function setTag(tx: Tx, userId: number, tag: string, on: boolean): Promise<void> {
  const row = await tx.get<Pick<UserRow, 'tags'>>('SELECT tags FROM users WHERE id = ? FOR NO KEY UPDATE', userId);
  if (!row) return;
  const tags = (JSON.parse(row.tags) as string[]).filter((t) => t !== tag);
  if (on) tags.push(tag);
  await tx.run('UPDATE users SET tags = ? WHERE id = ?', JSON.stringify(tags), userId);
}
