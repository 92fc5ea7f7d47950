/**
 * Copies of answers kept in IndexedDB, so that pages seen before work offline (docs/design.md
 * section 8: case pages, item art, inventory). A query that fails for want of a network
 * answers its last copy instead; any other failure stays a failure. Only data that moves no
 * money is kept, and a sign-out drops the player's own copies.
 */

import { isBusy, whenQuiet } from '../ui/activity.ts';

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Answers waiting to be written, by key (a newer answer replaces an older one). */
const pending = new Map<string, { key: string; value: unknown; time: number }>();
let flushing: Promise<void> | null = null;

/**
 * Writes the waiting answers in one transaction once the page has loaded, no game animates and
 * the main thread is idle. The writes run in the storage worker (storage.worker.ts): IndexedDB's library, its
 * start and the writes cost a phone 70-180 ms of main thread at 4-6x CPU in tasks of their own,
 * where a tap had to wait for them. The page sends the rows (a structured copy, as IndexedDB
 * would make) and goes on.
 */
function flush(): Promise<void> {
  flushing ??= (async () => {
    await whenQuiet();
    const { inStorage } = await import('./storage-client.ts');
    // A game that started meanwhile has the main thread first.
    if (isBusy()) await whenQuiet();
    const rows = [...pending.values()];
    pending.clear();
    await inStorage((storage) => storage.putCopies(rows));
  })().finally(() => {
    flushing = null;
    if (pending.size > 0) void flush().catch(() => undefined);
  });
  return flushing;
}

function save(key: readonly unknown[], value: unknown): Promise<void> {
  const row = { key: keyOf(key), value, time: Date.now() };
  pending.set(row.key, row);
  return flush();
}

async function load<T>(key: readonly unknown[]): Promise<T | undefined> {
  const waiting = pending.get(keyOf(key));
  if (waiting) return waiting.value as T;
  const { inStorage } = await import('./storage-client.ts');
  return (await inStorage((storage) => storage.getCopy(keyOf(key)))) as T | undefined;
}

/** Runs `fetch`; keeps its answer, or when `offline(error)` says the network is gone, answers the kept one. */
export async function withOfflineCopy<T>(key: readonly unknown[], fetch: () => Promise<T>, offline: (error: unknown) => boolean): Promise<T> {
  let value: T;
  try {
    value = await fetch();
  } catch (error) {
    if (!offline(error)) throw error;
    const kept = await load<T>(key).catch(() => undefined);
    if (kept === undefined) throw error;
    return kept;
  }
  void save(key, value).catch(() => undefined);
  return value;
}

/** Drops the kept copies whose key starts with `prefix` (a sign-out drops ['session']). */
export async function dropOfflineCopies(prefix: readonly unknown[]): Promise<void> {
  const start = keyOf(prefix).slice(0, -1);
  for (const key of pending.keys()) if (key.startsWith(start)) pending.delete(key);
  const { inStorage } = await import('./storage-client.ts');
  await inStorage((storage) => storage.dropCopiesStartingWith(start));
}
