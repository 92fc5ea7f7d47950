/**
 * Fixed-window request counting per key (a player's id, else the client's IP). Small on
 * purpose: the key depends on the verified token, which only the RPC layer knows.
 */
export interface RateLimiter {
  /** Counts one request; answers the seconds to wait when over the limit, else 0. */
  hit(key: string, nowMs: number): number | Promise<number>;
}

/** Counts kept in a broker every process shares (Redis), in windows aligned to the clock. */
export interface SharedCounter {
  /** The key's count in its window after this hit, or null when the broker cannot answer now. */
  hit(key: string, windowMs: number, nowMs: number): Promise<number | null>;
}

/** A limiter of `max` requests per `windowMs`; max 0 never limits. */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }): RateLimiter & { hit(key: string, nowMs: number): number } {
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

/**
 * A limiter whose counts every process shares (several servers behind one address): a player
 * spreading requests over them meets one limit. When the broker cannot answer (Redis away), this
 * process counts alone rather than refusing or waiting: a request is never held up by the broker.
 */
export function createSharedRateLimiter(counter: SharedCounter, { max, windowMs }: { max: number; windowMs: number }): RateLimiter {
  const local = createRateLimiter({ max, windowMs });
  return {
    hit(key, nowMs) {
      if (max === 0) return 0;
      return counter.hit(key, windowMs, nowMs).then((count) => {
        if (count === null) return local.hit(key, nowMs);
        const endsAt = (Math.floor(nowMs / windowMs) + 1) * windowMs;
        return count > max ? Math.ceil((endsAt - nowMs) / 1000) : 0;
      });
    },
  };
}
