/**
 * Start-up work that must not hold the main thread in one piece: a slow phone runs every long
 * task several times slower, and each one delays the player's first tap (and is what
 * Lighthouse counts as blocking time).
 */

/**
 * Gives the main thread back to the browser between pieces of start-up work. scheduler.yield()
 * resumes ahead of other queued tasks where the browser has it; elsewhere a zero timer is the
 * nearest thing.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the page has loaded and the main thread has had a quiet moment (at most 5 s after load). */
export function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: a timer after load is the nearest thing.
    const quiet = () => (typeof window.requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : setTimeout(resolve, 1000));
    if (document.readyState === 'complete') quiet();
    else addEventListener('load', quiet, { once: true });
  });
}
