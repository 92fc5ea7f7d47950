/**
 * Check-in timing (document 1 sections 4 'Session' and 9): a `checkin` is sent when the page
 * becomes active and after authentication; other occasions send one at most once per 60 s;
 * never while one is in progress, and the in-progress flag clears after 5 s.
 */

/** Spec: check-in throttle 60 s. */
export const CHECKIN_THROTTLE_MS = 60_000;
/** Spec: check-in guard 5 s. */
export const CHECKIN_GUARD_MS = 5_000;

/** Why a check-in is asked for. */
export type CheckinReason = 'page-active' | 'authed' | 'activity';

export interface CheckinOptions {
  /** Sends the frame; false when the socket cannot take it (nothing counts as sent). */
  send(): boolean;
  /** When the last check-in went out (ms), kept across reloads by the caller. */
  lastSent(): number;
  remember(time: number): void;
  now?(): number;
  throttleMs?: number;
  guardMs?: number;
}

/** Builds the check-in scheduler. */
export function createCheckin(options: CheckinOptions) {
  const { throttleMs = CHECKIN_THROTTLE_MS, guardMs = CHECKIN_GUARD_MS, now = Date.now } = options;
  let guard: ReturnType<typeof setTimeout> | undefined;
  let inProgress = false;

  return {
    /** Sends a check-in if the rules allow; answers whether one went out. */
    request(reason: CheckinReason): boolean {
      if (inProgress) return false;
      const time = now();
      // Becoming active and authenticating always check in; anything else waits out the minute.
      if (reason === 'activity' && time - options.lastSent() < throttleMs) return false;
      if (!options.send()) return false;
      inProgress = true;
      guard = setTimeout(() => {
        inProgress = false;
      }, guardMs);
      options.remember(time);
      return true;
    },
    /** Whether a check-in is in progress (the 5 s guard). */
    inProgress: () => inProgress,
    dispose(): void {
      clearTimeout(guard);
      inProgress = false;
    },
  };
}

/** A check-in scheduler. */
export type Checkin = ReturnType<typeof createCheckin>;
