import { createFileRoute } from '@tanstack/react-router';
import { PartnershipPage, referralsQueryOptions } from '../../features/partnership/pages.ts';
import { pageHead } from '../../features/shell/index.ts';
import { readLogged } from '../../features/session/index.ts';

export const Route = createFileRoute('/partnership/')({
  // A player's own code and referrals; a visitor's page asks for nothing.
  loader: ({ context }) => (readLogged() ? context.queryClient.prefetchInfiniteQuery(referralsQueryOptions()) : undefined),
  head: () => pageHead({ title: 'Partnership', description: 'Share your code and earn from the players you bring.', path: '/partnership' }),
  component: PartnershipPage,
});
