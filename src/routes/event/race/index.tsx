import { createFileRoute } from '@tanstack/react-router';
import { RacePage } from '../../../features/race/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/event/race/')({
  head: () => pageHead({ title: 'Race+', description: 'The race leaderboard: wager to climb and share the prize pool.', path: '/event/race' }),
  // Without a period the page shows the featured (weekly) race.
  component: RacePage,
});
