/** Live streams: start, stop, list; each change is pushed to LOBBY after it commits. */
import { NumericError, Rooms, type LiveStream } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { mapInOrder, type Db, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import { publicUser, type UserRow } from '../../kernel/users.ts';
import { postSpecial } from '../chat/special-posts.ts';

interface StreamRow {
  id: number;
  user_id: number;
  channel: string;
  title: string;
  followers: number;
  started_at: number;
  ended_at: number | null;
}

function streamOut(row: StreamRow, user: UserRow): LiveStream {
  const hash = toHash(row.id);
  return {
    hash,
    user_hash: toHash(row.user_id),
    hoster_user_hash: toHash(row.user_id),
    profile: { name: row.channel, avatar: null, followers: row.followers, link: `/api/sim/streams/${hash}/watch` },
    title: row.title,
    started_at: row.started_at,
    _user: publicUser(user),
  };
}

/** The streams on air, newest first. */
export async function liveStreams(db: Pick<Db, 'all' | 'get'>): Promise<LiveStream[]> {
  const rows = await db.all<StreamRow>('SELECT * FROM streams WHERE ended_at IS NULL ORDER BY started_at DESC, id DESC');
  return await mapInOrder(rows, async (row) => streamOut(row, (await db.get<UserRow>('SELECT * FROM users WHERE id = ?', row.user_id))!));
}

/** A stream by hash, live or ended. */
export async function streamByHash(db: Pick<Db, 'get'>, hash: string): Promise<(StreamRow & { user: UserRow }) | undefined> {
  const id = parseHash(hash);
  const row = id === null ? undefined : await db.get<StreamRow>('SELECT * FROM streams WHERE id = ?', id);
  return row ? { ...row, user: (await db.get<UserRow>('SELECT * FROM users WHERE id = ?', row.user_id))! } : undefined;
}

/** Puts a player on air; a player streams once at a time. */
export async function startStream(tx: Tx, services: Pick<Services, 'hub' | 'config'>, user: UserRow, input: { channel: string; title: string; followers: number }): Promise<LiveStream> {
  if (await tx.get('SELECT 1 FROM streams WHERE user_id = ? AND ended_at IS NULL', user.id)) fail(NumericError.INVALID_DATA, `${user.name} is already live`);
  const { lastInsertRowid } = await tx.run(
    'INSERT INTO streams (user_id, channel, title, followers, started_at) VALUES (?, ?, ?, ?, ?)',
    user.id, input.channel, input.title, input.followers, services.config.now(),
  );
  const stream = streamOut((await tx.get<StreamRow>('SELECT * FROM streams WHERE id = ?', lastInsertRowid))!, user);
  tx.afterCommit(() => services.hub.publish(Rooms.lobby, 'STREAM_ONLINE', { stream }));
  // The chat hears a player went on air (a stream message, docs/decisions/0050).
  await postSpecial(tx, { hub: services.hub, now: stream.started_at }, 'stream', user.id, {
    name: stream.title, channel_url: stream.profile.link, channel_followers: stream.profile.followers, stream_preview: `/api/sim/streams/${stream.hash}/preview.svg`,
  });
  return stream;
}

/** Takes a stream off air. */
export async function stopStream(tx: Tx, services: Pick<Services, 'hub' | 'config'>, hash: string): Promise<void> {
  const row = await streamByHash(tx, hash);
  if (!row) fail(NumericError.NOT_FOUND, 'Stream not found');
  if (row.ended_at !== null) fail(NumericError.INVALID_DATA, 'The stream has already ended');
  await tx.run('UPDATE streams SET ended_at = ? WHERE id = ?', services.config.now(), row.id);
  const payload = { hash: toHash(row.id), user_hash: toHash(row.user_id) };
  tx.afterCommit(() => services.hub.publish(Rooms.lobby, 'STREAM_OFFLINE', payload));
}
