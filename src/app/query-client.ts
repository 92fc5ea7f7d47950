import { QueryClient } from '@tanstack/react-query';
import { RpcNetworkError } from '../net/index.ts';

/** The tab's query cache. Only transport failures are retried: an error envelope is an answer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => error instanceof RpcNetworkError && failures < 3,
      },
      mutations: { retry: false },
    },
  });
}
