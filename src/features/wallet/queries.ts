import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** Query keys of the wallet; all of them go on sign-out with the session's. */
export const walletKeys = {
  all: ['session', 'wallet'] as const,
  methods: ['session', 'wallet', 'methods'] as const,
  history: ['session', 'wallet', 'history'] as const,
};

/** The player's wallets and each currency's precision. */
export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.methods,
    queryFn: ({ signal }) => rpc.call('wallet.getPaymentMethods', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Pages of the balance history, newest first; the next page starts after the last entry's hash. */
export function historyQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletKeys.history,
    queryFn: ({ pageParam, signal }) => rpc.call('wallet.getHistory', { count: 25, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.actions.at(-1)?.hash : undefined),
  });
}
