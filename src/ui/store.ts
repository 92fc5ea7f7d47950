import { useSyncExternalStore } from 'react';

/** A value outside React that components follow (modal open flags, screen-wide notices). */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  /** The current value in a component, re-rendering when it changes. */
  use(): T;
}

/** Builds a store holding `initial`. */
export function createStore<T>(initial: T): Store<T> {
  return createLazyStore(() => initial);
}

/**
 * Builds a store holding what `read()` answers when the store is first read or set: for a value
 * read from the browser (a cookie), which code run while its module is evaluated must not read
 * (src/app/boot.ts says why).
 */
export function createLazyStore<T>(read: () => T): Store<T> {
  let value: { current: T } | undefined;
  const current = (): T => (value ??= { current: read() }).current;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: current,
    set(next) {
      if (Object.is(next, current())) return;
      value = { current: next };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    use: () => useSyncExternalStore(store.subscribe, store.get, store.get),
  };
  return store;
}
