import { createFileRoute } from '@tanstack/react-router';
import { PartnerDashboardPage } from '../../../features/partnership/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/@{$name}/')({
  head: ({ params }) => pageHead({ title: `Partner ${params.name}`, description: 'A partner’s dashboard.', path: `/partnership/@${params.name}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  return <PartnerDashboardPage name={name} section="dashboard" />;
}
