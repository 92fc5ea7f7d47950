import { createFileRoute } from '@tanstack/react-router';
import { GameFairnessPage, gameRecordQueryOptions } from '../../features/fairness/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/$hash')({
  // An unknown hash is the page's own 'not found': prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(gameRecordQueryOptions(params.hash)),
  head: ({ params }) => pageHead({ title: `Fairness of ${params.hash}`, description: 'The tickets, seeds and nonces of one game.', path: `/provably-fair/${params.hash}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { hash } = Route.useParams();
  return <GameFairnessPage hash={hash} />;
}
