// The page side of the storage worker (storage.worker.ts): started on first use, kept for the
// session. Loaded on demand by offline-cache.ts and settings.ts, with Comlink.
import * as Comlink from 'comlink';
import type { StorageApi } from './storage.worker.ts';

type Session = { remote: Comlink.Remote<StorageApi>; failed: Promise<never> };

let session: Session | null = null;

/**
 * Runs one call in the storage worker. A worker that cannot start (its script unreachable
 * offline, before the service worker holds it) would leave Comlink's calls waiting for ever,
 * and an offline page waiting on its kept copy with them: its error fails the call instead,
 * as the database's failed import did when Dexie ran on the page, and the next call starts
 * another worker.
 */
export function inStorage<T>(call: (remote: Comlink.Remote<StorageApi>) => Promise<T>): Promise<T> {
  if (session === null) {
    // Vite bundles the worker from this exact `new Worker(new URL(...), {type: 'module'})` form.
    const worker = new Worker(new URL('./storage.worker.ts', import.meta.url), { type: 'module', name: 'storage' });
    const current: Session = {
      remote: Comlink.wrap<StorageApi>(worker),
      failed: new Promise<never>((_resolve, reject) =>
        worker.addEventListener(
          'error',
          () => {
            if (session === current) session = null;
            worker.terminate();
            reject(new Error('the storage worker did not start'));
          },
          { once: true },
        ),
      ),
    };
    current.failed.catch(() => undefined);
    session = current;
  }
  return Promise.race([call(session.remote), session.failed]);
}
