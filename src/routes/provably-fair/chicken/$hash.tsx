import { createFileRoute } from '@tanstack/react-router';
import { chickenGameQueryOptions } from '../../../features/chicken/pages.ts';
import { ChickenFairnessPage } from '../../../features/fairness/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/chicken/$hash')({
  loader: ({ context, params }) => context.queryClient.prefetchQuery(chickenGameQueryOptions(params.hash)),
  head: ({ params }) => pageHead({ title: `Chicken fairness ${params.hash}`, description: 'The tickets of one chicken game.', path: `/provably-fair/chicken/${params.hash}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { hash } = Route.useParams();
  return <ChickenFairnessPage hash={hash} />;
}
