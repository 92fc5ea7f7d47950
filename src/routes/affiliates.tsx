import { createFileRoute } from '@tanstack/react-router';
import { AffiliatesPage, referralsQueryOptions } from '../features/partnership/pages.ts';
import { pageHead } from '../features/shell/index.ts';
import { readLogged } from '../features/session/index.ts';

export const Route = createFileRoute('/affiliates')({
  // A player's own code and referrals; a visitor's page asks for nothing.
  loader: ({ context }) => (readLogged() ? context.queryClient.prefetchInfiniteQuery(referralsQueryOptions()) : undefined),
  head: () => pageHead({ title: 'Affiliates', description: 'Invite friends with your code and earn cashback.', path: '/affiliates' }),
  component: AffiliatesPage,
});
