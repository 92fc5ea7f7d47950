import { createFileRoute } from '@tanstack/react-router';
import { PartnerDashboardPage, raceQueryOptions } from '../../../../../features/partnership/pages.ts';
import { pageHead } from '../../../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/@{$name}/race/$id/')({
  // A race that does not exist is the page's own to say: prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(raceQueryOptions(params.id)),
  head: ({ params }) => pageHead({ title: `Race ${params.id}`, description: 'A partner’s race leaderboard.', path: `/partnership/@${params.name}/race/${params.id}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name, id } = Route.useParams();
  return <PartnerDashboardPage name={name} section="race" raceId={id} />;
}
