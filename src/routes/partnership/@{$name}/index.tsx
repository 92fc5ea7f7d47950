import { createFileRoute } from '@tanstack/react-router';
import { loadPartnerDashboard, PartnerDashboardPage } from '../../../features/partnership/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/@{$name}/')({
  loader: ({ context }) => loadPartnerDashboard(context.queryClient),
  head: ({ params }) => pageHead({ title: `Partner ${params.name}`, description: 'A partner’s dashboard.', path: `/partnership/@${params.name}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  return <PartnerDashboardPage name={name} section="dashboard" />;
}
