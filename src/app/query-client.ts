import { MutationCache, QueryClient } from '@tanstack/react-query';
import { reportApiError, type ErrorNavigate } from '../features/notifications/index.ts';
import { RpcNetworkError } from '../net/index.ts';

/**
 * The tab's query cache. Only transport failures are retried: an error envelope is an answer.
 * A failed action (a mutation) is reported the spec's way (document 3 section 8: a notice
 * titled by its code, silent codes, GAME_ERROR to /battles) unless it says it handles its
 * errors itself (meta.silent); pages show their own load errors. A redirect answers the page
 * the action started on: a player who has moved on by the time the answer comes stays put.
 */
export function createQueryClient(navigate: ErrorNavigate, currentPath: () => string): QueryClient {
  const startedOn = new WeakMap<object, string>();
  return new QueryClient({
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => void startedOn.set(mutation, currentPath()),
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        reportApiError(error, (to) => {
          if (startedOn.get(mutation) === currentPath()) navigate(to);
        });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => error instanceof RpcNetworkError && failures < 3,
      },
      mutations: { retry: false },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean };
  }
}
