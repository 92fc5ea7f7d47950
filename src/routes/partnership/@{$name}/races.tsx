import { createFileRoute } from '@tanstack/react-router';
import { PartnerDashboardPage, racesQueryOptions } from '../../../features/partnership/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/@{$name}/races')({
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(racesQueryOptions()),
  head: ({ params }) => pageHead({ title: `Races of ${params.name}`, description: 'A partner’s races.', path: `/partnership/@${params.name}/races` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  return <PartnerDashboardPage name={name} section="races" />;
}
