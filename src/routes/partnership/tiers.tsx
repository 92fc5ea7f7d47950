import { createFileRoute } from '@tanstack/react-router';
import { TiersPage, tiersQueryOptions } from '../../features/partnership/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/tiers')({
  loader: ({ context }) => context.queryClient.prefetchQuery(tiersQueryOptions()),
  head: () => pageHead({ title: 'Partner tiers', description: 'What each partner tier pays.', path: '/partnership/tiers' }),
  component: TiersPage,
});
