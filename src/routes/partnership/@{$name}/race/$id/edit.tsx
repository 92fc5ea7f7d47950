import { createFileRoute } from '@tanstack/react-router';
import { PartnerDashboardPage, raceQueryOptions } from '../../../../../features/partnership/pages.ts';
import { pageHead } from '../../../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/@{$name}/race/$id/edit')({
  // A race that does not exist is the page's own to say: prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(raceQueryOptions(params.id)),
  head: ({ params }) => pageHead({ title: `Edit race ${params.id}`, description: 'Change a partner race.', path: `/partnership/@${params.name}/race/${params.id}/edit` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name, id } = Route.useParams();
  return <PartnerDashboardPage name={name} section="race-edit" raceId={id} />;
}
