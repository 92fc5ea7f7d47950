import { createFileRoute } from '@tanstack/react-router';
import { lobbyQueryOptions } from '../../features/battles/on-demand.ts';
import { BattlesPage } from '../../features/battles/pages.ts';
import { casesQueryOptions } from '../../features/cases/on-demand.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battles/')({
  head: () => pageHead({ title: 'Case battles', description: 'Battle up to five players over the same cases; the best haul takes every drop.', path: '/battles' }),
  // The lobby and the case art it names are in the page's first render (see routes/cases.tsx).
  loader: ({ context }) =>
    Promise.all([context.queryClient.prefetchQuery({ ...lobbyQueryOptions(), retry: false }), context.queryClient.prefetchQuery({ ...casesQueryOptions(), retry: false })]),
  component: BattlesPage,
});
