import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.ts';

// The router is made after the cache but a failed action may need it: GAME_ERROR goes to /battles.
const queryClient = createQueryClient(
  (to) => void router.navigate({ to }),
  () => router.state.location.pathname,
);
const router = createAppRouter(queryClient);

/**
 * Loads the current page's code and data ahead of the first render, so that render shows the
 * whole page at once. A preload: router.load() before the provider has mounted never settles.
 */
export async function loadFirstPage(): Promise<void> {
  await router.preloadRoute({ href: `${window.location.pathname}${window.location.search}` } as never);
}

/** The app: the query cache around the router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
