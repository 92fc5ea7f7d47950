import { createFileRoute } from '@tanstack/react-router';
import { FEATURED_RACE } from '../../../core/race-periods.ts';
import { RacePage, raceQueryOptions } from '../../../features/race/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/event/race/')({
  // The board's first page; its refreshes after that are the page's own.
  loader: ({ context }) => context.queryClient.prefetchQuery(raceQueryOptions(FEATURED_RACE)),
  head: () => pageHead({ title: 'Race+', description: 'The race leaderboard: wager to climb and share the prize pool.', path: '/event/race' }),
  // Without a period the page shows the featured (weekly) race.
  component: RacePage,
});
