import { createFileRoute } from '@tanstack/react-router';
import { BattlePage } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battle/$gameId')({
  head: ({ params }) => pageHead({ title: `Battle ${params.gameId}`, description: 'A case battle: seats, rounds and the winner.', path: `/battle/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <BattlePage gameId={gameId} />;
}
