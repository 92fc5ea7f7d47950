/** The library's rows and their wire shape. */
import type { PublicUser, RadioSound, z } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { RADIO_LIBRARY, synthSource } from '../../../src/core/radio-library.ts';
import { planSong } from '../../../src/core/radio-synth.ts';
import type { Db, Tx } from '../../db/database.ts';
import { publicUser, type UserRow } from '../../kernel/users.ts';

/** A row of radio_sounds. */
export interface SoundRow {
  id: number;
  name: string;
  author: string;
  album: string;
  year: number;
  seed: number;
  duration_ms: number;
  likes: number;
}

/** Puts the library's tracks in the table (new ones only: likes survive restarts). */
export async function seedLibrary(tx: Tx): Promise<void> {
  for (const t of RADIO_LIBRARY) {
    await tx.run(
      'INSERT INTO radio_sounds (id, name, author, album, year, seed, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
      t.n, t.name, t.author, t.album, t.year, t.seed, planSong(t.seed).durationMs,
    );
  }
}

/** A sound by its hash, or undefined (unknown or malformed). */
export async function soundByHash(db: Pick<Db, 'get'>, hash: string): Promise<SoundRow | undefined> {
  const id = parseHash(hash);
  return id === null ? undefined : await db.get<SoundRow>('SELECT * FROM radio_sounds WHERE id = ?', id);
}

/** What the queue adds to a sound: who asked, its place, the play. */
export interface QueueFields {
  userId: number | null;
  order: number | null;
  playId: number | null;
}

/** The wire shape of a sound; `likedBy` holds the sound ids the asking player likes. */
export function soundOut(row: SoundRow, likedBy: ReadonlySet<number>, queue: QueueFields = { userId: null, order: null, playId: null }): RadioSound {
  return {
    id: toHash(row.id),
    name: row.name,
    author: row.author,
    album: row.album,
    year: row.year,
    source: synthSource(row.seed),
    image: `/api/radio/cover/${toHash(row.id)}.svg`,
    likes: row.likes,
    isLiked: likedBy.has(row.id),
    duration: row.duration_ms,
    user_hash: queue.userId === null ? null : toHash(queue.userId),
    order: queue.order,
    token: queue.playId === null ? null : toHash(queue.playId),
  };
}

/** The sounds among `ids` a player likes (none for a visitor). */
export async function likedAmong(db: Pick<Db, 'all'>, userId: number | null, ids: readonly number[]): Promise<Set<number>> {
  if (userId === null || ids.length === 0) return new Set();
  const rows = await db.all<{ sound_id: number }>(
    `SELECT sound_id FROM radio_votes WHERE user_id = ? AND liked = 1 AND sound_id IN (${ids.map(() => '?').join(', ')})`,
    userId, ...ids,
  );
  return new Set(rows.map((r) => r.sound_id));
}

/** Public users by id, each once. */
export async function usersByIds(db: Pick<Db, 'all'>, ids: readonly (number | null)[]): Promise<z.output<typeof PublicUser>[]> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (unique.length === 0) return [];
  return (await db.all<UserRow>(`SELECT * FROM users WHERE id IN (${unique.map(() => '?').join(', ')})`, ...unique)).map(publicUser);
}

/** A small cover for a sound: two colours and rings from its seed, drawn as SVG. */
export function coverSvg(row: SoundRow): string {
  const hue = row.seed % 360;
  const hue2 = (hue + 40 + ((row.seed >>> 9) % 140)) % 360;
  const rings = 3 + ((row.seed >>> 3) % 4);
  const circles = Array.from({ length: rings }, (_, i) => `<circle cx="64" cy="64" r="${12 + i * 12}" fill="none" stroke="hsl(${hue2} 80% 70%)" stroke-opacity="${(0.7 - i * 0.1).toFixed(2)}" stroke-width="3"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 35%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 18%)"/></linearGradient></defs><rect width="128" height="128" fill="url(#g)"/>${circles}<circle cx="64" cy="64" r="6" fill="#fff"/></svg>`;
}
