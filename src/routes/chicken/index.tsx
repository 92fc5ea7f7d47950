import { createFileRoute } from '@tanstack/react-router';
import { chickenActiveQueryOptions, chickenHistoryQueryOptions, ChickenPage, chickenRecentQueryOptions } from '../../features/chicken/pages.ts';
import { pageHead } from '../../features/shell/index.ts';
import { readLogged } from '../../features/session/index.ts';

export const Route = createFileRoute('/chicken/')({
  // Everyone's latest games, and a player's open game and own list (a visitor has none, as on
  // the page). prefetchQuery never throws: a failed list is the page's to show.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(chickenRecentQueryOptions()),
      ...(readLogged() ? [queryClient.prefetchQuery(chickenActiveQueryOptions()), queryClient.prefetchQuery(chickenHistoryQueryOptions())] : []),
    ]),
  head: () => pageHead({ title: 'Catch the Chicken', description: 'Cross step by step and cash out before the chicken gets caught.', path: '/chicken' }),
  component: ChickenPage,
});
