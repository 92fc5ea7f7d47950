import { createFileRoute } from '@tanstack/react-router';
import { CaseTablePage } from '../../../../features/cases/pages.ts';
import { pageHead } from '../../../../features/shell/index.ts';

export const Route = createFileRoute('/case/table/default/$id')({
  head: ({ params }) => pageHead({ title: `Case table ${params.id}`, description: 'A shared table of cases.', path: `/case/table/default/${params.id}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CaseTablePage id={id} />;
}
