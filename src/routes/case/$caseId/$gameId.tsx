import { Outlet, createFileRoute } from '@tanstack/react-router';
import { UnboxGamePage } from '../../../features/cases/pages.ts';
import { caseTitleFromSlug } from '../../../features/cases/index.ts';
import { pageHead } from '../../../features/shell/index.ts';
import { unboxGameQueryOptions } from '../../../features/cases/on-demand.ts';

export const Route = createFileRoute('/case/$caseId/$gameId')({
  // A game that does not exist is the page's own to say; offline, the copy the device kept.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(unboxGameQueryOptions(params.gameId)),
  head: ({ params }) => pageHead({ title: `${caseTitleFromSlug(params.caseId)} unbox`, description: 'A personal unbox game: the rolls you bought, spun one by one.', path: `/case/${params.caseId}/${params.gameId}` }),
  component: RouteComponent,
});

// The game stays mounted under its verify modal (./$gameId/verify.tsx), so a running spin goes on.
function RouteComponent() {
  const { caseId, gameId } = Route.useParams();
  return (
    <>
      <UnboxGamePage caseKey={caseId} token={gameId} />
      <Outlet />
    </>
  );
}
