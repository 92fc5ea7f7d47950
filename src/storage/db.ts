/**
 * The tab's IndexedDB database through Dexie: settings, markers, and cached boxes and items
 * for offline pages. Opened in the storage worker alone (storage.worker.ts), never on the page.
 */
import { Dexie, type EntityTable } from 'dexie';
import { DB_NAME } from './db-name.ts';

export { DB_NAME };

/** One stored setting. */
export interface SettingRow {
  key: string;
  value: unknown;
}

/** A marker: name and when it was set (document 1 section 3 'Marks'). */
export interface MarkerRow {
  name: string;
  time: number;
}

/** A cached answer, by query key, for pages seen before going offline. */
export interface CacheRow {
  key: string;
  value: unknown;
  time: number;
}

/** The arena's database. */
export type ArenaDb = Dexie & {
  settings: EntityTable<SettingRow, 'key'>;
  markers: EntityTable<MarkerRow, 'name'>;
  cache: EntityTable<CacheRow, 'key'>;
};

/** Opens (and on first use creates) the database. */
export function openDb(): ArenaDb {
  const db = new Dexie(DB_NAME) as ArenaDb;
  db.version(1).stores({ settings: 'key', markers: 'name', cache: 'key, time' });
  return db;
}

let shared: ArenaDb | null = null;

/** The tab's database. */
export function arenaDb(): ArenaDb {
  shared ??= openDb();
  return shared;
}
