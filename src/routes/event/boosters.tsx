import { createFileRoute } from '@tanstack/react-router';
import { BoostersModalPage } from '../../features/boosters/pages.ts';
import { HomePage } from '../../features/home/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/event/boosters')({
  head: () => pageHead({ title: 'Boosters', description: 'Timed and counted bonuses: XP, rain, deposit bonus, battle refunds.', path: '/event/boosters' }),
  component: () => <BoostersModalPage behind={<HomePage />} />,
});
