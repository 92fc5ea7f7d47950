// The storage Web Worker: the tab's IndexedDB (db.ts) is read and written here, never on the
// page's main thread, so that Dexie's code, its start and the writes never hold a tap there:
// 130-180 ms in one task at 6x CPU when a slow phone's first visit switched performance mode
// on and saved it (docs/decisions/0053). Exposed with Comlink, `self` passed as in
// workers/fairness.worker.ts.
import * as Comlink from 'comlink';
import { arenaDb, type CacheRow, type SettingRow } from './db.ts';

const storage = {
  /** Keeps offline copies (offline-cache.ts), one transaction for them all. */
  async putCopies(rows: CacheRow[]): Promise<void> {
    await arenaDb().cache.bulkPut(rows);
  },
  async getCopy(key: string): Promise<unknown> {
    return (await arenaDb().cache.get(key))?.value;
  },
  async dropCopiesStartingWith(start: string): Promise<void> {
    await arenaDb().cache.where('key').startsWith(start).delete();
  },
  /** Saves one setting (settings.ts). */
  async putSetting(row: SettingRow): Promise<void> {
    await arenaDb().settings.put(row);
  },
  readSettings(): Promise<SettingRow[]> {
    return arenaDb().settings.toArray();
  },
};

export type StorageApi = typeof storage;

Comlink.expose(storage, self as unknown as Comlink.Endpoint);
