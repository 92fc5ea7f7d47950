import { createFileRoute } from '@tanstack/react-router';
import { beaconBlocksQueryOptions, RandomOrgPage } from '../../features/fairness/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/randomorg')({
  loader: ({ context }) => context.queryClient.prefetchQuery(beaconBlocksQueryOptions()),
  head: () => pageHead({ title: 'External randomness', description: 'The public beacon that decides battles.', path: '/provably-fair/randomorg' }),
  component: RandomOrgPage,
});
