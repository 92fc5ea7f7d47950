/**
 * The station's clock: what plays, what follows, when to move on. The server's clock decides;
 * every listener plays the current sound from `now - start_time`. The next sound is chosen
 * HINT_MS before the current one ends (the next-song hint) and starts at its end_time.
 * Requested sounds play first, oldest request first; otherwise the rotation plays the sound
 * heard longest ago. State lives in radio_plays, so a restart resumes the same schedule.
 */
import { Rooms } from '../../../src/contract/index.ts';
import { toHash } from '../../../src/core/hash-id.ts';
import { lockNamed, mapInOrder, type Db, type Tx } from '../../db/database.ts';
import type { Services } from '../../rpc/context.ts';
import { likedAmong, soundOut, usersByIds, type SoundRow } from './sounds.ts';

/** How long before a song's end the next one is chosen and announced. */
export const HINT_MS = 2_000;

/** A row of radio_plays. */
export interface PlayRow {
  id: number;
  sound_id: number;
  user_id: number | null;
  price: number;
  state: 'queued' | 'next' | 'playing' | 'played';
  start_time: number | null;
  end_time: number | null;
  created_at: number;
}

/** A play that has a time slot. */
export type SlottedPlay = PlayRow & { start_time: number; end_time: number };

export const playIn = (db: Pick<Db, 'get'>, state: 'next' | 'playing') => db.get<SlottedPlay>('SELECT * FROM radio_plays WHERE state = ? LIMIT 1', state);
export const queuedPlays = (db: Pick<Db, 'all'>) => db.all<PlayRow>("SELECT * FROM radio_plays WHERE state = 'queued' ORDER BY id");
const soundRow = async (db: Pick<Db, 'get'>, id: number) => (await db.get<SoundRow>('SELECT * FROM radio_sounds WHERE id = ?', id))!;

/** The wire slot of a play. */
export const slotOut = (p: SlottedPlay) => ({ id: toHash(p.sound_id), start_time: p.start_time, end_time: p.end_time, user_hash: p.user_id === null ? null : toHash(p.user_id) });

/** The queue as the wire shows it: requested sounds in play order (1 plays next). */
export async function queueOut(db: Pick<Db, 'all' | 'get'>, viewerId: number | null) {
  const queued = await queuedPlays(db);
  const first = await playIn(db, 'next') ? 2 : 1;
  const liked = await likedAmong(db, viewerId, queued.map((q) => q.sound_id));
  return {
    queue: await mapInOrder(queued, async (q, i) => soundOut(await soundRow(db, q.sound_id), liked, { userId: q.user_id, order: first + i, playId: q.id })),
    users: await usersByIds(db, queued.map((q) => q.user_id)),
  };
}

/** Publishes the queue to the WAVE room once the transaction commits. */
export function announceQueue(tx: Tx, services: Pick<Services, 'hub' | 'db'>): void {
  // Read once the transaction committed, as before: on the Db, since the Tx has ended by then.
  tx.afterCommit(() => {
    void queueOut(services.db, null).then((queue) => services.hub.publish(Rooms.radio, '#RADIO_QUEUE_CHANGE', queue), () => {});
  });
}

/** Picks what plays from `start` (the oldest request, else the sound heard longest ago) and announces it. */
async function choose(tx: Tx, services: Pick<Services, 'hub' | 'db'>, start: number, state: 'next' | 'playing', now: number): Promise<SlottedPlay> {
  const requested = await tx.get<PlayRow>("SELECT * FROM radio_plays WHERE state = 'queued' ORDER BY id LIMIT 1 FOR NO KEY UPDATE");
  let id: number;
  let soundId: number;
  if (requested) {
    id = requested.id;
    soundId = requested.sound_id;
  } else {
    const rotation = await tx.get<{ id: number }>(
      `SELECT s.id FROM radio_sounds s
        WHERE NOT EXISTS (SELECT 1 FROM radio_plays p WHERE p.sound_id = s.id AND p.state <> 'played')
        ORDER BY COALESCE((SELECT MAX(p.id) FROM radio_plays p WHERE p.sound_id = s.id), 0), s.id LIMIT 1`,
    );
    if (!rotation) throw new Error('radio: the library is empty');
    soundId = rotation.id;
    id = (await tx.run("INSERT INTO radio_plays (sound_id, state, created_at) VALUES (?, 'queued', ?)", soundId, start)).lastInsertRowid;
  }
  const end = start + (await soundRow(tx, soundId)).duration_ms;
  await tx.run('UPDATE radio_plays SET state = ?, start_time = ?, end_time = ? WHERE id = ?', state, start, end, id);
  const play = (await tx.get<SlottedPlay>('SELECT * FROM radio_plays WHERE id = ?', id))!;
  await announceNext(tx, services, play, now);
  if (requested) announceQueue(tx, services);
  return play;
}

/** Tells the WAVE room what plays next (or now, at start-up), after commit. */
async function announceNext(tx: Tx, services: Pick<Services, 'hub'>, play: SlottedPlay, now: number): Promise<void> {
  const sound = soundOut(await soundRow(tx, play.sound_id), new Set());
  const users = await usersByIds(tx, [play.user_id]);
  tx.afterCommit(() => services.hub.publish(Rooms.radio, '#RADIO_NEXT_SOUND', { next: slotOut(play), sound, users, time: now }));
}

/** Brings the station up to `now`; answers when it next needs to run. */
export async function advanceStation(tx: Tx, services: Pick<Services, 'hub' | 'db'>, now: number): Promise<number> {
  // One station: two steps at once (a request's and the clock's, on two processes) would each
  // find nothing playing and start a sound.
  await lockNamed(tx, 'radio-station');
  let playing = await playIn(tx, 'playing');
  if (!playing) {
    playing = await choose(tx, services, now, 'playing', now);
  }
  for (;;) {
    let next = await playIn(tx, 'next');
    if (!next && now >= playing.end_time - HINT_MS) {
      next = await choose(tx, services, playing.end_time, 'next', now);
    }
    if (now < playing.end_time) return next ? playing.end_time : playing.end_time - HINT_MS;
    await tx.run("UPDATE radio_plays SET state = 'played' WHERE id = ?", playing.id);
    if (next!.end_time <= now) {
      // The server slept through the slot: the chosen sound starts now instead.
      const length = next!.end_time - next!.start_time;
      await tx.run('UPDATE radio_plays SET start_time = ?, end_time = ? WHERE id = ?', now, now + length, next!.id);
      next = { ...next!, start_time: now, end_time: now + length };
      await announceNext(tx, services, next, now);
    }
    await tx.run("UPDATE radio_plays SET state = 'playing' WHERE id = ?", next!.id);
    playing = { ...next!, state: 'playing' };
  }
}
