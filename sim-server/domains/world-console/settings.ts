/**
 * The world's switches in world_settings (docs/decisions/0050), read by every process: a
 * running maintenance and the race clock's offset. Values are JSON.
 */
import type { Db, Tx } from '../../db/database.ts';

/** A maintenance as the console opened it; `open: false` when none runs. */
export interface MaintenanceState {
  open: boolean;
  going_down: boolean;
  message: string | null;
  since: number | null;
}

export const NO_MAINTENANCE: MaintenanceState = { open: false, going_down: false, message: null, since: null };

type Read = Pick<Db, 'get'>;

/** A setting's JSON value, or `fallback` when it was never written (or is not JSON). */
export async function readSetting<T>(db: Read, key: string, fallback: T): Promise<T> {
  const row = await db.get<{ value: string }>('SELECT value FROM world_settings WHERE key = ?', key);
  if (!row) return fallback;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return fallback;
  }
}

/** Writes a setting in the caller's transaction. */
export async function writeSetting(tx: Pick<Tx, 'run'>, key: string, value: unknown, now: number): Promise<void> {
  await tx.run(
    'INSERT INTO world_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    key, JSON.stringify(value), now,
  );
}

/** The running maintenance, if any. */
export const maintenanceOf = (db: Read): Promise<MaintenanceState> => readSetting(db, 'maintenance', NO_MAINTENANCE);
/** Milliseconds the race's clock runs ahead of the server's. */
export const raceOffsetOf = (db: Read): Promise<number> => readSetting(db, 'race_clock_offset', 0);
