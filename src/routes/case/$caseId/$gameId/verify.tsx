import { createFileRoute } from '@tanstack/react-router';
import { UnboxVerifyModal } from '../../../../features/cases/pages.ts';
import { caseTitleFromSlug } from '../../../../features/cases/index.ts';
import { pageHead } from '../../../../features/shell/index.ts';

export const Route = createFileRoute('/case/$caseId/$gameId/verify')({
  validateSearch: (search: Record<string, unknown>): { drop?: string } => (typeof search.drop === 'string' && /^SF\d{1,10}$/.test(search.drop) ? { drop: search.drop } : {}),
  head: ({ params }) =>
    pageHead({ title: `Verify ${caseTitleFromSlug(params.caseId)} unbox`, description: 'Check the tickets of your unbox game.', path: `/case/${params.caseId}/${params.gameId}/verify` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { caseId, gameId } = Route.useParams();
  const { drop } = Route.useSearch();
  return <UnboxVerifyModal caseKey={caseId} token={gameId} {...(drop ? { dropHash: drop } : {})} />;
}
