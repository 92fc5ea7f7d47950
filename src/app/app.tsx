import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/** The app: the query cache around the router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
