/**
 * Flood guards (battle messages and reactions, the chat): at most `max` per key in any
 * `windowMs`, on the injected clock. Each domain keeps its own limits and words beside its guard.
 */

/** A try counted by a guard: `release` takes it back. */
export interface FloodTry {
  allowed: boolean;
  release(): void;
}

/** A sliding-window guard. */
export interface FloodGuard {
  /** Records a try for `key` and answers whether it is allowed (a refused try is not counted). */
  allow(key: string, now: number): boolean;
  /**
   * Records a try as `allow` does, held across processes when a broker is given (Redis; alone,
   * or while Redis cannot answer, this process's count): `release` takes the try back when the
   * request is refused for another reason, so a refusal does not use up the allowance.
   */
  take(key: string, now: number): Promise<FloodTry>;
}

/** The Redis side of a shared guard (the broker's `flood`): null when Redis cannot answer. */
export type SharedFlood = (key: string, now: number, max: number, windowMs: number) => Promise<FloodTry | null>;

/** Keys idle for longer than the window are dropped once the map grows past this. */
const SWEEP_AT = 10_000;

/**
 * Builds a guard; with `shared` (several processes, docs/decisions/0039) and a `name` keeping
 * its keys apart from other guards', `take` counts in Redis.
 */
export function createFloodGuard({ max, windowMs }: { max: number; windowMs: number }, shared?: { name: string; flood: SharedFlood }): FloodGuard {
  const recent = new Map<string, number[]>();
  function allow(key: string, now: number): boolean {
    const kept = (recent.get(key) ?? []).filter((at) => at > now - windowMs);
    const allowed = kept.length < max;
    if (allowed) kept.push(now);
    recent.set(key, kept);
    if (recent.size > SWEEP_AT) {
      for (const [k, times] of recent) if (times.every((at) => at <= now - windowMs)) recent.delete(k);
    }
    return allowed;
  }
  function takeHere(key: string, now: number): FloodTry {
    const allowed = allow(key, now);
    const release = () => {
      const kept = recent.get(key);
      const at = kept?.lastIndexOf(now) ?? -1;
      if (at >= 0) kept!.splice(at, 1);
    };
    return { allowed, release: allowed ? release : () => {} };
  }
  return {
    allow,
    async take(key, now) {
      if (!shared) return takeHere(key, now);
      return (await shared.flood(`${shared.name}:${key}`, now, max, windowMs)) ?? takeHere(key, now);
    },
  };
}

/** Runs `body`; when it throws (the request is refused), the flood try is given back first. */
export async function releaseOnRefusal<T>(flood: FloodTry, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    flood.release();
    throw error;
  }
}
