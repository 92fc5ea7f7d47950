import { createFileRoute, redirect } from '@tanstack/react-router';
import { CaseLoadError, CasePage } from '../../../features/cases/pages.ts';
import { caseTitleFromSlug } from '../../../features/cases/index.ts';
import { caseQueryOptions } from '../../../features/cases/on-demand.ts';
import { isNotFoundError } from '../../../features/notifications/on-demand.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/case/$caseId/')({
  validateSearch: (search: Record<string, unknown>): { action?: 'open_card' } => (search.action === 'open_card' ? { action: 'open_card' } : {}),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(caseQueryOptions(params.caseId)).catch((error: unknown) => {
      if (isNotFoundError(error)) throw redirect({ to: '/404', replace: true });
      throw error;
    }),
  // Spec: the title is derived from the case slug.
  head: ({ params }) =>
    pageHead({ title: `${caseTitleFromSlug(params.caseId)} case`, description: `Open the ${caseTitleFromSlug(params.caseId)} case: every drop and its odds.`, path: `/case/${params.caseId}` }),
  component: RouteComponent,
  // Document 1 section 8: the case's own load failure texts.
  errorComponent: CaseLoadError,
});

function RouteComponent() {
  const { caseId } = Route.useParams();
  const { action } = Route.useSearch();
  return <CasePage caseKey={caseId} {...(action ? { action } : {})} />;
}
