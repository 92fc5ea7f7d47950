// The page side of the storage worker (storage.worker.ts): started on first use, kept for the
// session. Loaded on demand by offline-cache.ts and settings.ts, with Comlink.
import * as Comlink from 'comlink';
import type { StorageApi } from './storage.worker.ts';

let remote: Comlink.Remote<StorageApi> | null = null;

/** The worker that reads and writes the tab's IndexedDB. */
export function storage(): Comlink.Remote<StorageApi> {
  // Vite bundles the worker from this exact `new Worker(new URL(...), {type: 'module'})` form.
  remote ??= Comlink.wrap<StorageApi>(new Worker(new URL('./storage.worker.ts', import.meta.url), { type: 'module', name: 'storage' }));
  return remote;
}
