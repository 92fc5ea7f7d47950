import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../features/shell/index.ts';
import { InstaxchangePage } from '../../../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/deposit/instaxchange/$memo')({
  head: ({ params }) => pageHead({ title: 'Card deposit', description: 'A card deposit in progress.', path: `/wallet/deposit/instaxchange/${params.memo}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { memo } = Route.useParams();
  return <InstaxchangePage memo={memo} />;
}
