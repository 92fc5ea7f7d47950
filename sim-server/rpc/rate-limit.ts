/**
 * Fixed-window request counting per key (a player's id, else the client's IP). Small on
 * purpose: the key depends on the verified token, which only the RPC layer knows.
 */
export interface RateLimiter {
  /** Counts one request; answers the seconds to wait when over the limit, else 0. */
  hit(key: string, nowMs: number): number;
}

/** A limiter of `max` requests per `windowMs`; max 0 never limits. */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;
  return {
    hit(key, nowMs) {
      if (max === 0) return 0;
      if (nowMs >= nextSweep) {
        for (const [k, w] of windows) if (w.endsAt <= nowMs) windows.delete(k);
        nextSweep = nowMs + windowMs;
      }
      let w = windows.get(key);
      if (!w || w.endsAt <= nowMs) {
        w = { count: 0, endsAt: nowMs + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count > max ? Math.ceil((w.endsAt - nowMs) / 1000) : 0;
    },
  };
}
