import { createFileRoute } from '@tanstack/react-router';
import { DiceGamePage, diceRollQueryOptions } from '../../features/dice/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/dice/$gameId')({
  // A roll that does not exist is the page's own 'Roll not found.': prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(diceRollQueryOptions(params.gameId)),
  head: ({ params }) => pageHead({ title: `Dice roll ${params.gameId}`, description: 'One dice roll: target, result and payout.', path: `/dice/${params.gameId}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { gameId } = Route.useParams();
  return <DiceGamePage gameId={gameId} />;
}
