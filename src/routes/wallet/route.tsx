import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../../features/session/index.ts';
import { WalletLayout, alertsQueryOptions } from '../../features/wallet/pages.ts';

/** The wallet and every page under it are for signed-in players; visitors go to / (document 2 section 2). */
export const Route = createFileRoute('/wallet')({
  beforeLoad: () => requireLogin(),
  // The notes above every wallet page: in the first render, not one answer later, when they
  // would push the page down (the prerendered wallet's takeover shifted its deposit groups).
  loader: ({ context }) => context.queryClient.prefetchQuery(alertsQueryOptions()),
  component: WalletLayout,
});
