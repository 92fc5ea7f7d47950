import { createFileRoute } from '@tanstack/react-router';
import { RainFairnessPage, rainRecordQueryOptions } from '../../../features/fairness/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/rain/$hash')({
  // A rain that does not exist is the page's own 'not found': prefetchQuery never throws.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(rainRecordQueryOptions(params.hash)),
  head: ({ params }) => pageHead({ title: 'Rain fairness', description: 'The participants, beacon and rewards of one chat rain.', path: `/provably-fair/rain/${params.hash}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { hash } = Route.useParams();
  return <RainFairnessPage hash={hash} />;
}
