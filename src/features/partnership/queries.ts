import { infiniteQueryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** Referrals per page of the partner's list. */
const PAGE_SIZE = 20;

export const partnershipKeys = {
  referrals: ['partnership', 'referrals'] as const,
};

/** The player's own partner figures with pages of their referrals, newest first. */
export function referralsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: partnershipKeys.referrals,
    queryFn: ({ pageParam, signal }) => rpc.call('partnership.referrals', { count: PAGE_SIZE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.referrals.at(-1)?.hash : undefined),
  });
}
