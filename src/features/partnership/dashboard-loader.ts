import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions, readLogged } from '../session/index.ts';
import { dashboardQueryOptions, FIRST_DASHBOARD_PERIOD, referralsQueryOptions, seesPartnerDashboard } from './queries.ts';

/**
 * What /partnership/@{name} and its referrals tab show first: the player's referrals and, for a
 * partner or club member, the dashboard's first period. A visitor's page asks for nothing.
 */
export async function loadPartnerDashboard(queryClient: QueryClient): Promise<void> {
  if (!readLogged()) return;
  const account = await queryClient.ensureQueryData(accountQueryOptions()).catch(() => undefined);
  await Promise.all([
    queryClient.prefetchInfiniteQuery(referralsQueryOptions()),
    seesPartnerDashboard(account?.user.tags ?? []) ? queryClient.prefetchQuery(dashboardQueryOptions(FIRST_DASHBOARD_PERIOD)) : undefined,
  ]);
}
