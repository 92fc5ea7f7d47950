import { whenIdle } from './activity.ts';
import { reloadedLately, reloadForCode } from './reload-for-code.ts';

/** A chunk load that has not settled after this long counts as failed (document 1 section 8: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** `load()`, failed with a timeout error when it takes longer than CHUNK_LOAD_TIMEOUT_MS. */
function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Whether the site answers at all, past any cache: the network is back, not only the browser's flag. */
async function siteAnswers(): Promise<boolean> {
  try {
    await fetch('/favicon.svg', { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a chunk the page needs later (a footer, an update offer, the route error page). When it
 * cannot be fetched, because the connection went away before the page was idle, or it hangs past
 * the 120 s time-out, it tries again once the browser is online (or in 10 s) instead of failing.
 * A failure would take the whole page to the error screen for a footer, and the router answers a
 * chunk that fails to load by reloading the page, which offline lands on the browser's own "no
 * internet" page.
 *
 * A try that fails again while the site answers is the browser's memory, not the network: a
 * module shared with another chunk failed while the connection was away, and the browser keeps
 * that failure for every import that needs it (reload-for-code.ts). The page then loads again,
 * once no game animates, and at most once in 30 s.
 */
export function untilLoaded<T>(load: () => Promise<T>, tries = 0): Promise<T> {
  return withTimeout(load).catch(async () => {
    if (tries > 0 && navigator.onLine && !reloadedLately() && (await siteAnswers())) {
      await whenIdle();
      reloadForCode();
    }
    return new Promise<T>((resolve) => {
      const retry = () => resolve(untilLoaded(load, tries + 1));
      if (navigator.onLine) setTimeout(retry, 10_000);
      else addEventListener('online', retry, { once: true });
    });
  });
}
