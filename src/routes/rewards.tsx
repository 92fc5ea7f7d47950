import { createFileRoute } from '@tanstack/react-router';
import { RewardsPage } from '../features/rewards/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/rewards')({
  validateSearch: (search: Record<string, unknown>): { ranks?: true } => (search.ranks === true || search.ranks === 'true' ? { ranks: true } : {}),
  head: () => pageHead({ title: 'Rewards', description: 'Free cases, keys, promo codes and the season ranks.', path: '/rewards' }),
  component: RouteComponent,
});

function RouteComponent() {
  const { ranks } = Route.useSearch();
  return <RewardsPage ranks={ranks === true} />;
}
