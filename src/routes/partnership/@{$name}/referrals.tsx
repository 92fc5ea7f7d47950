import { createFileRoute } from '@tanstack/react-router';
import { loadPartnerDashboard, PartnerDashboardPage } from '../../../features/partnership/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/@{$name}/referrals')({
  loader: ({ context }) => loadPartnerDashboard(context.queryClient),
  head: ({ params }) => pageHead({ title: `Referrals of ${params.name}`, description: 'A partner’s referrals.', path: `/partnership/@${params.name}/referrals` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  return <PartnerDashboardPage name={name} section="referrals" />;
}
