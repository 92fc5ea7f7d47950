import { createFileRoute } from '@tanstack/react-router';
import { BattleFairnessPage, battleRecordQueryOptions } from '../../../features/battles/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/battles/$hash')({
  // An unknown battle sends the page on (its own error handling): prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(battleRecordQueryOptions(params.hash)),
  head: ({ params }) => pageHead({ title: `Fairness of battle ${params.hash}`, description: 'The whole battle replayed from its public record: tickets, items, rules and winner.', path: `/provably-fair/battles/${params.hash}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { hash } = Route.useParams();
  return <BattleFairnessPage gameRef={hash} />;
}
