import { createFileRoute } from '@tanstack/react-router';
import { ChickenGamePage, chickenGameQueryOptions } from '../../features/chicken/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/chicken/$gameId')({
  // A game that does not exist is the page's own 'Game not found.': prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(chickenGameQueryOptions(params.gameId)),
  head: ({ params }) => pageHead({ title: `Chicken game ${params.gameId}`, description: 'One game of Catch the Chicken, step by step.', path: `/chicken/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <ChickenGamePage gameId={gameId} />;
}
