import { createFileRoute } from '@tanstack/react-router';
import { InviteCodePage } from '../../features/partnership/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/r/$code')({
  head: ({ params }) => pageHead({ title: 'You were invited', description: `The invite code ${params.code}: a bonus on your deposits.`, path: `/r/${params.code}` }),
  component: RouteComponent,
});

function RouteComponent() {
  const { code } = Route.useParams();
  return <InviteCodePage code={code} />;
}
