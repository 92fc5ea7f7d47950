/**
 * One renewal at a time across the tabs of a browser (issue 12): tabs share the refresh
 * cookie, so two renewing together would each present it. A tab takes the Web Lock, and a
 * tab that waited behind another's renewal skips its own: the cookie it needs is already set.
 */
const LOCK = 'arena-renew';
const STAMP_KEY = 'renewed_at';

function lastRenewal(): number {
  try {
    return Number(localStorage.getItem(STAMP_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function markRenewed(at: number): void {
  try {
    localStorage.setItem(STAMP_KEY, String(at));
  } catch {
    // Storage refused (private mode): the server's grace for a just-rotated token still covers the race.
  }
}

/**
 * Runs `renew` under the cross-tab lock; answers false when another tab renewed while this one
 * waited (nothing was sent). Without Web Locks (old browsers, tests' Node) it just renews.
 */
export async function renewOnce(renew: () => Promise<void>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const asked = Date.now();
  const run = async (): Promise<boolean> => {
    if (lastRenewal() >= asked) return false;
    await renew();
    markRenewed(Date.now());
    return true;
  };
  if (!locks) return run();
  return locks.request(LOCK, run);
}
