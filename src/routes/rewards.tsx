import { createFileRoute } from '@tanstack/react-router';
import { levelRewardsQueryOptions, RewardsPage } from '../features/rewards/pages.ts';
import { pageHead } from '../features/shell/index.ts';
import { accountQueryOptions, readLogged } from '../features/session/index.ts';

export const Route = createFileRoute('/rewards')({
  validateSearch: (search: Record<string, unknown>): { ranks?: true } => (search.ranks === true || search.ranks === 'true' ? { ranks: true } : {}),
  // A visitor's page asks for nothing; a player's is keyed by the experience the header knows.
  loader: async ({ context: { queryClient } }) => {
    if (!readLogged()) return;
    const account = await queryClient.ensureQueryData(accountQueryOptions()).catch(() => undefined);
    await queryClient.prefetchQuery(levelRewardsQueryOptions(account?.user_progress.exp ?? 0));
  },
  head: () => pageHead({ title: 'Rewards', description: 'Free cases, keys, promo codes and the season ranks.', path: '/rewards' }),
  component: RouteComponent,
});

function RouteComponent() {
  const { ranks } = Route.useSearch();
  return <RewardsPage ranks={ranks === true} />;
}
