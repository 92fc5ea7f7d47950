import { createFileRoute, redirect } from '@tanstack/react-router';
import { CaseTablePage } from '../../../../features/cases/pages.ts';
import { caseTableQueryOptions } from '../../../../features/cases/on-demand.ts';
import { isNotFoundError } from '../../../../features/notifications/on-demand.ts';
import { pageHead } from '../../../../features/shell/index.ts';

export const Route = createFileRoute('/case/table/default/$id')({
  loader: ({ context, params }) => {
    // Only SF hashes name tables: anything else is not found without asking.
    if (!/^SF\d{1,10}$/.test(params.id)) throw redirect({ to: '/404', replace: true });
    return context.queryClient.ensureQueryData(caseTableQueryOptions(params.id)).catch((error: unknown) => {
      if (isNotFoundError(error)) throw redirect({ to: '/404', replace: true });
      throw error;
    });
  },
  head: ({ params }) => pageHead({ title: `Case table ${params.id}`, description: 'A shared table of cases: everyone at it sees the same drops, live.', path: `/case/table/default/${params.id}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CaseTablePage id={id} />;
}
