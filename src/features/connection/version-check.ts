import { createStore } from '../../ui/store.ts';
import { checkVersion, type StoredVersion } from './manifest-freshness.ts';

const STORED = 'client_version';

function readStored(): StoredVersion | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORED) ?? 'null') as StoredVersion | null;
    return value && typeof value.client === 'string' && typeof value.stamp === 'number' ? value : null;
  } catch {
    return null;
  }
}

function writeStored(value: StoredVersion): void {
  try {
    localStorage.setItem(STORED, JSON.stringify(value));
  } catch {
    // No storage: every visit counts as the first.
  }
}

/** The higher server version the player is offered, or null. */
export const versionUpdate = createStore<string | null>(null);

/** Applies a manifest's version (checkVersion). */
export function noteServerVersion(server: string, now = Date.now()): void {
  const { store, offer } = checkVersion(readStored(), server, now);
  if (store) writeStored(store);
  if (offer) versionUpdate.set(server);
}

/** The player took the update: the new version is the stored one from now on (the caller reloads). */
export function acceptVersion(server: string, now = Date.now()): void {
  writeStored({ client: server, stamp: now });
  versionUpdate.set(null);
}
