import { createFileRoute } from '@tanstack/react-router';
import { diceRollQueryOptions } from '../../../features/dice/pages.ts';
import { DiceFairnessPage } from '../../../features/fairness/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/dice/$token')({
  loader: ({ context, params }) => context.queryClient.prefetchQuery(diceRollQueryOptions(params.token)),
  head: ({ params }) => pageHead({ title: 'Dice fairness', description: 'The seeds and ticket of one dice roll.', path: `/provably-fair/dice/${params.token}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <DiceFairnessPage token={token} />;
}
