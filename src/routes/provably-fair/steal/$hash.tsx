import { createFileRoute } from '@tanstack/react-router';
import { StealFairnessPage, stealRecordQueryOptions } from '../../../features/fairness/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/steal/$hash')({
  // A game that does not exist is the page's own 'Game not found.': prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(stealRecordQueryOptions(params.hash)),
  head: ({ params }) => pageHead({ title: 'Split or steal fairness', description: 'The participants, beacon, roulette and revealed decisions of one split-or-steal game.', path: `/provably-fair/steal/${params.hash}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { hash } = Route.useParams();
  return <StealFairnessPage hash={hash} />;
}
