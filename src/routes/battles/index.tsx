import { createFileRoute } from '@tanstack/react-router';
import { BattlesPage, lobbyQueryOptions } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';
import { casesQueryOptions } from '../../features/cases/on-demand.ts';

export const Route = createFileRoute('/battles/')({
  // The lobby and the case art its cards show; a failure is the page's own to show.
  loader: ({ context }) => Promise.all([context.queryClient.prefetchQuery(lobbyQueryOptions()), context.queryClient.prefetchQuery(casesQueryOptions())]),
  head: () => pageHead({ title: 'Case battles', description: 'Battle up to five players over the same cases; the best haul takes every drop.', path: '/battles' }),
  component: BattlesPage,
});
