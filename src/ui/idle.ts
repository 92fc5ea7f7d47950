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

/** Resolves at the main thread's next quiet moment (at most 5 s away). */
export function idleMoment(): Promise<void> {
  // Safari has no requestIdleCallback: a timer is the nearest thing.
  return new Promise((resolve) => (typeof window.requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : setTimeout(resolve, 1000)));
}

/** Resolves once the page has loaded and the main thread has had a quiet moment (at most 5 s after load). */
export function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const quiet = () => void idleMoment().then(resolve);
    if (document.readyState === 'complete') quiet();
    else addEventListener('load', quiet, { once: true });
  });
}
