import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** Referrals per page of the partner's list. */
const PAGE_SIZE = 20;

export const partnershipKeys = {
  referrals: ['partnership', 'referrals'] as const,
  races: ['partnership', 'races'] as const,
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

/** Pages of races: the partner's own, or their partner's for a referral. */
export function racesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: partnershipKeys.races,
    queryFn: ({ pageParam, signal }) => rpc.call('partnership-plus.races', { count: PAGE_SIZE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.races.at(-1)?.id : undefined),
  });
}

/** One race with its leaderboard. */
export function raceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...partnershipKeys.races, id],
    queryFn: ({ signal }) => rpc.call('partnership-plus.race', { id }, { signal }),
    retry: false,
  });
}

/** The dashboard's periods. */
export type DashboardPeriod = 'day' | 'week' | 'month' | 'all';

/** The dashboard's period when the page opens. */
export const FIRST_DASHBOARD_PERIOD: DashboardPeriod = 'week';

/** The partner dashboard's figures are for partners and club members (their account's tags). */
export const seesPartnerDashboard = (tags: readonly string[]): boolean => tags.includes('partner') || tags.includes('club_member');

/** The partnership-plus dashboard over one period. */
export function dashboardQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: ['partnership', 'dashboard', period],
    queryFn: ({ signal }) => rpc.call('partnership-plus.dashboard', { period }, { signal }),
    retry: false,
  });
}

/** Pages of the partners and club members, for partnership staff. */
export function membersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['partnership', 'members'],
    queryFn: ({ pageParam, signal }) => rpc.call('partnership-plus-admin.members', { count: PAGE_SIZE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.members.at(-1)?.hash : undefined),
    retry: false,
  });
}

export const dealKeys = { all: ['partnership', 'deal'] as const };

/** The partner's latest deal, the terms, their tier and renewal settings. */
export function dealQueryOptions() {
  return queryOptions({
    queryKey: dealKeys.all,
    queryFn: ({ signal }) => rpc.call('partnership-plus.deal', {}, { signal }),
    retry: false,
  });
}

/** Pages of what the partner spent on the partnership, with the totals. */
export function expensesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...dealKeys.all, 'expenses'],
    queryFn: ({ pageParam, signal }) => rpc.call('partnership-plus.expenses', { count: PAGE_SIZE, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.entries.at(-1)?.hash : undefined),
    retry: false,
  });
}

/** The partner tiers, with the caller's level when they are a partner. */
export function tiersQueryOptions() {
  return queryOptions({
    queryKey: ['partnership', 'tiers'],
    queryFn: ({ signal }) => rpc.call('partnership-plus.tiers', {}, { signal }),
  });
}
