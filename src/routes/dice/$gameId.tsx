import { createFileRoute } from '@tanstack/react-router';
import { DiceGamePage } from '../../features/dice/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/dice/$gameId')({
  head: ({ params }) => pageHead({ title: `Dice roll ${params.gameId}`, description: 'One dice roll: target, result and payout.', path: `/dice/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <DiceGamePage gameId={gameId} />;
}
