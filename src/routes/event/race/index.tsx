import { createFileRoute } from '@tanstack/react-router';
import { FEATURED_RACE } from '../../../core/race-periods.ts';
import { RacePage } from '../../../features/race/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/event/race/')({
  head: () => pageHead({ title: 'Race+', description: 'The race leaderboard: wager to climb and share the prize pool.', path: '/event/race' }),
  component: () => <RacePage period={FEATURED_RACE} />,
});
