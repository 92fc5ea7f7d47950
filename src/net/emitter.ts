/** A typed event emitter small enough to sit under the RPC and socket clients. */
export interface Emitter<Events extends Record<string, unknown>> {
  /** Listens to one event; answers the function that stops listening. */
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
}

/** Builds an emitter; a throwing listener does not stop the others. */
export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as (payload: Events[typeof event]) => void)(payload);
        } catch (error) {
          // One broken listener must not silence the rest (a logout must reach every part).
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
