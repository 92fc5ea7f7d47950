/** Flood guards for battle messages and reactions: at most `max` per key in any `windowMs`, on the injected clock. */

/** A sliding-window guard. */
export interface FloodGuard {
  /** Records a try for `key` and answers whether it is allowed (a refused try is not counted). */
  allow(key: string, now: number): boolean;
}

/** Messages: two per five seconds per player and battle. */
export const MESSAGE_FLOOD = { max: 2, windowMs: 5_000 } as const;
/** Reactions: three per three seconds per player and battle. */
export const REACTION_FLOOD = { max: 3, windowMs: 3_000 } as const;

/** What a flooding player is told (document 1 section 8). */
export const FLOOD_TEXT = {
  message: 'Not so fast! Slow down with your messages.',
  reaction: "Easy there! Don't flood with reactions.",
} as const;

/** Keys idle for longer than the window are dropped once the map grows past this. */
const SWEEP_AT = 10_000;

/** Builds a guard. */
export function createFloodGuard({ max, windowMs }: { max: number; windowMs: number }): FloodGuard {
  const recent = new Map<string, number[]>();
  return {
    allow(key, now) {
      const kept = (recent.get(key) ?? []).filter((at) => at > now - windowMs);
      const allowed = kept.length < max;
      if (allowed) kept.push(now);
      recent.set(key, kept);
      if (recent.size > SWEEP_AT) {
        for (const [k, times] of recent) if (times.every((at) => at <= now - windowMs)) recent.delete(k);
      }
      return allowed;
    },
  };
}
