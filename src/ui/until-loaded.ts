/**
 * Loads a chunk the page needs later (a footer, an update offer, the route error page). When it
 * cannot be fetched, because the connection went away before the page was idle, it tries again
 * once the browser is online (or in 10 s) instead of failing. A failure would take the whole page
 * to the error screen for a footer, and the router answers a chunk that fails to load by
 * reloading the page, which offline lands on the browser's own "no internet" page.
 */
export function untilLoaded<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const retry = () => resolve(untilLoaded(load));
        if (navigator.onLine) setTimeout(retry, 10_000);
        else addEventListener('online', retry, { once: true });
      }),
  );
}
