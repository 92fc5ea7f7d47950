import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';
import { walletKeys } from './keys.ts';

export { vaultQueryOptions, walletKeys } from './keys.ts';

/** Entries per page of the history and payments lists. */
const PAGE_SIZE = 25;

/** The player's wallets, each currency's precision, and every payment method with its bounds and rate. */
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
    queryFn: ({ pageParam, signal }) => rpc.call('wallet.getHistory', { count: PAGE_SIZE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.actions.at(-1)?.hash : undefined),
  });
}

/** Pages of deposits and withdrawals, newest first, optionally of one currency (upper case, e.g. BTC). */
export function paymentsQueryOptions(currency: string | null) {
  return infiniteQueryOptions({
    queryKey: [...walletKeys.payments, currency ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      rpc.call('wallet.getPayments', { count: PAGE_SIZE, ...(currency ? { currency } : {}), ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.payments.at(-1)?.hash : undefined),
  });
}

/** The notes above the wallet pages; under the payments prefix, so every payment update refreshes them. */
export function alertsQueryOptions() {
  return queryOptions({
    queryKey: [...walletKeys.payments, 'alerts'],
    queryFn: ({ signal }) => rpc.call('wallet.alerts', {}, { signal }),
  });
}

/** What a withdrawal needs now: 2FA, the withdrawable part, the bounds. */
export function requirementsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.requirements,
    queryFn: ({ signal }) => rpc.call('wallet.getRequirements', {}, { signal }),
    staleTime: 10_000,
  });
}

/** The player's referral partner and deposit bonus. */
export function referralQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.referral,
    queryFn: ({ signal }) => rpc.call('partnership.getPartner', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Whether the player has 2FA enabled. */
export function secureStatusQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.secure,
    queryFn: ({ signal }) => rpc.call('account.secure-status', {}, { signal }),
    staleTime: 60_000,
  });
}

/** A club member's sponsor credit (partnership-plus.dashboard's credit): the offer, the sponsored share, the challenge. */
export function creditQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.credit,
    queryFn: ({ signal }) => rpc.call('partnership-plus.dashboard', {}, { signal }).then((answer) => answer.credit),
  });
}
