import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { createQueryClient } from './query-client.ts';
import { yieldToMain } from '../ui/idle.ts';
import { createAppRouter } from './router.ts';

// The router is made after the cache but a failed action may need it: GAME_ERROR goes to /battles.
const queryClient = createQueryClient(
  (to) => void appRouter().navigate({ to }),
  () => appRouter().state.location.pathname,
);
let madeRouter: ReturnType<typeof createAppRouter> | undefined;
/**
 * The router, made on first use rather than while this chunk is evaluated: making it builds
 * the tree of about a hundred routes, and the chunk's evaluation was already the longest task
 * of a phone's start (docs/decisions/0053). A prerendered page makes it in a task of its own.
 */
const appRouter = () => (madeRouter ??= createAppRouter(queryClient));

/**
 * Loads the current page's code and data ahead of the first render, so that render shows the
 * whole page at once. A full load, not a preload: the router's state then already holds the
 * page when the provider mounts, so its mount effect has nothing to load. After a preload it
 * loaded the page again in that effect, and every change of the router's state (pending, the
 * matches, idle) re-rendered the whole shell synchronously right after the first commit: on
 * a phone's first page that was the largest task of the takeover (docs/decisions/0053).
 */
export async function loadFirstPage(): Promise<void> {
  const router = appRouter();
  // The router follows the address bar only once the provider has mounted, and having loaded
  // here it loads nothing at mount: a page changed in between (back, forward) is loaded here.
  stopEarlyFollowing = router.history.subscribe(() => void router.load());
  // Building the route tree and loading the page (matching, the route's code and loader) were
  // one task of ~90 ms on this machine unthrottled, several times that on a phone.
  await yieldToMain();
  await router.load();
}

let stopEarlyFollowing: (() => void) | undefined;

/** The app: the query cache around the router. */
export function App() {
  // The app's layout effect runs after the router's own (children first), which follows the
  // address bar from then on.
  useLayoutEffect(() => {
    stopEarlyFollowing?.();
    stopEarlyFollowing = undefined;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
