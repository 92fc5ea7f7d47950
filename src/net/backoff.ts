/** Retry timing of the socket (document 1 section 9 'Auth retry'). */
export interface BackoffOptions {
  minMs: number;
  maxMs: number;
  factor: number;
  /** Attempts after the first before the client stops and waits for a reason to try again. */
  retries: number;
}

/** The spec's numbers: up to 25 retries, factor 2, 1 s to 24 s, randomised. */
export const SOCKET_BACKOFF: BackoffOptions = { minMs: 1000, maxMs: 24_000, factor: 2, retries: 25 };

/**
 * Delay before retry number `attempt` (0 for the first retry): min * factor^attempt, stretched
 * by a random factor in [1, 2) so that clients dropped together do not come back together,
 * then capped at max.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const base = options.minMs * options.factor ** Math.max(0, attempt);
  return Math.round(Math.min(options.maxMs, base * (1 + random())));
}

/**
 * The retry policy of one thing that can fail (the connection, the socket's auth): it counts
 * failures, schedules the next attempt after backoffDelay, and stops after `retries` until
 * someone resets it (the browser came online, the tab came back).
 */
export function createRetry(options: BackoffOptions, random: () => number = Math.random) {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    failures: (): number => failures,
    /** Counts one more failure. */
    fail(): void {
      failures += 1;
    },
    /** Runs `attempt` after the delay the failures so far call for; nothing once the retries are spent. */
    later(attempt: () => void): void {
      if (failures > options.retries) return;
      timer = setTimeout(attempt, backoffDelay(failures - 1, options, random));
    },
    /** Whether the retries are spent. */
    spent: (): boolean => failures > options.retries,
    reset(): void {
      failures = 0;
    },
    /** Drops the scheduled attempt, if any. */
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** One retry policy. */
export type Retry = ReturnType<typeof createRetry>;
