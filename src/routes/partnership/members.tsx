import { createFileRoute } from '@tanstack/react-router';
import { MembersPage, membersQueryOptions } from '../../features/partnership/pages.ts';
import { requireMembersAccess } from '../../features/session/index.ts';
import { pageHead } from '../../features/shell/index.ts';

/** Spec: signed in and scope 2 or more, or the marketing tag; anyone else goes to /. */
export const Route = createFileRoute('/partnership/members')({
  beforeLoad: ({ context }) => requireMembersAccess(context.queryClient),
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(membersQueryOptions()),
  head: () => pageHead({ title: 'Partnership members', description: 'Partnership-plus members.', path: '/partnership/members', noindex: true }),
  component: MembersPage,
});
