import { createFileRoute } from '@tanstack/react-router';
import { ChickenGamePage } from '../../features/chicken/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/chicken/$gameId')({
  head: ({ params }) => pageHead({ title: `Chicken game ${params.gameId}`, description: 'One game of Catch the Chicken, step by step.', path: `/chicken/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <ChickenGamePage gameId={gameId} />;
}
