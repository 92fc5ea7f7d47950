import { createFileRoute, notFound } from '@tanstack/react-router';
import { isRacePeriod as isPeriod } from '../../../core/race-period-names.ts';
import { RacePage, raceQueryOptions } from '../../../features/race/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/event/race/$period')({
  // Only the race's periods exist; anything else is the not-found page.
  beforeLoad: ({ params }) => {
    if (!isPeriod(params.period)) throw notFound();
  },
  loader: ({ context, params }) => (isPeriod(params.period) ? context.queryClient.prefetchQuery(raceQueryOptions(params.period)) : undefined),
  head: ({ params }) =>
    pageHead({ title: isPeriod(params.period) ? `${params.period[0]!.toUpperCase()}${params.period.slice(1)} race` : 'Race+', description: 'A race leaderboard period.', path: `/event/race/${params.period}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { period } = Route.useParams();
  return <RacePage period={isPeriod(period) ? period : undefined} />;
}
