import { createFileRoute } from '@tanstack/react-router';
import { BoosterHistoryPage } from '../../../features/boosters/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/inventory/boosters/history')({
  head: () => pageHead({ title: 'Booster history', description: 'Every booster you activated and what it gave you.', path: '/inventory/boosters/history' }),
  component: BoosterHistoryPage,
});
