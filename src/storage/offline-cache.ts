/**
 * Copies of answers kept in IndexedDB, so that pages seen before work offline (docs/design.md
 * section 8: case pages, item art, inventory). A query that fails for want of a network
 * answers its last copy instead; any other failure stays a failure. Only data that moves no
 * money is kept, and a sign-out drops the player's own copies.
 */

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

async function save(key: readonly unknown[], value: unknown): Promise<void> {
  const { arenaDb } = await import('./db.ts');
  await arenaDb().cache.put({ key: keyOf(key), value, time: Date.now() });
}

async function load<T>(key: readonly unknown[]): Promise<T | undefined> {
  const { arenaDb } = await import('./db.ts');
  return (await arenaDb().cache.get(keyOf(key)))?.value as T | undefined;
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
  const { arenaDb } = await import('./db.ts');
  const start = keyOf(prefix).slice(0, -1);
  await arenaDb().cache.where('key').startsWith(start).delete();
}
