import { createFileRoute, notFound } from '@tanstack/react-router';
import { isRacePeriod as isPeriod, type RacePeriod } from '../../../core/race-period-names.ts';
import { RacePage } from '../../../features/race/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

const TITLE: Record<RacePeriod, string> = { daily: 'Daily race', weekly: 'Weekly race', monthly: 'Monthly race' };

export const Route = createFileRoute('/event/race/$period')({
  // Only the race's periods exist; anything else is the not-found page.
  beforeLoad: ({ params }) => {
    if (!isPeriod(params.period)) throw notFound();
  },
  head: ({ params }) =>
    pageHead({ title: isPeriod(params.period) ? TITLE[params.period] : 'Race+', description: 'A race leaderboard period.', path: `/event/race/${params.period}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { period } = Route.useParams();
  return <RacePage period={isPeriod(period) ? period : 'weekly'} />;
}
