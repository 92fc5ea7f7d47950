import { createFileRoute } from '@tanstack/react-router';
import { RacePage } from '../../../features/rewards/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/event/race/')({
  head: () => pageHead({ title: 'Race+', description: 'The race leaderboard: wager to climb and share the prize pool.', path: '/event/race' }),
  component: RacePage,
});
