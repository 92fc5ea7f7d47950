/** Follows (follower.*): one row per follower and followed player. */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';
import { findUserById, type UserRow } from '../../kernel/users.ts';
import { issueAchievement } from '../progression/achievements.ts';
import { followersCount } from './profile.ts';

/** The player a hash names, or NOT_FOUND. */
export async function userByHash(db: Pick<Db, 'get'>, hash: string): Promise<UserRow> {
  const id = parseHash(hash);
  const user = id === null ? undefined : await findUserById(db, id);
  if (!user) fail(NumericError.NOT_FOUND, 'User not found.');
  return user;
}

/** follower.follow: oneself and a second follow are refused and change nothing. */
export async function follow(tx: Tx, hub: Pick<Hub, 'toUser'>, follower: UserRow, hash: string, now: number) {
  const target = await userByHash(tx, hash);
  if (target.id === follower.id) fail(NumericError.INVALID_DATA, 'You cannot follow yourself');
  const added = await tx.run('INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', follower.id, target.id, now);
  if (added.changes === 0) fail(NumericError.INVALID_DATA, 'You already follow this player');
  const count = await followersCount(tx, target.id);
  if (count === 1) await issueAchievement(tx, hub, target.id, 'noticed', now);
  tx.afterCommit(() => hub.toUser(target.id, 'FOLLOWER_FOLLOWED', { user_hash: toHash(follower.id), followers_count: count }));
  return { success: true, followers_count: count };
}

/** follower.unfollow: a player not followed is refused. */
export async function unfollow(tx: Tx, hub: Pick<Hub, 'toUser'>, follower: UserRow, hash: string) {
  const target = await userByHash(tx, hash);
  const removed = await tx.run('DELETE FROM follows WHERE follower_id = ? AND followee_id = ?', follower.id, target.id);
  if (removed.changes === 0) fail(NumericError.INVALID_DATA, 'You do not follow this player');
  const count = await followersCount(tx, target.id);
  tx.afterCommit(() => hub.toUser(target.id, 'FOLLOWER_UNFOLLOWED', { user_hash: toHash(follower.id), followers_count: count }));
  return { success: true, followers_count: count };
}

/** Hashes of the players someone follows, latest first. */
export async function followings(db: Pick<Db, 'all'>, followerId: number): Promise<string[]> {
  return (await db.all<{ id: number }>('SELECT followee_id AS id FROM follows WHERE follower_id = ? ORDER BY created_at DESC, followee_id DESC', followerId)).map((r) => toHash(r.id));
}
