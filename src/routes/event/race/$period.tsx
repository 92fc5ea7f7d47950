import { createFileRoute } from '@tanstack/react-router';
import { RacePage } from '../../../features/rewards/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/event/race/$period')({
  head: ({ params }) => pageHead({ title: `Race ${params.period}`, description: 'A race leaderboard period.', path: `/event/race/${params.period}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { period } = Route.useParams();
  return <RacePage period={period} />;
}
