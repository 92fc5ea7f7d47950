import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../../features/session/index.ts';
import { WalletLayout } from '../../features/wallet/pages.ts';

/** The wallet and every page under it are for signed-in players; visitors go to / (document 2 section 2). */
export const Route = createFileRoute('/wallet')({
  beforeLoad: () => requireLogin(),
  component: WalletLayout,
});
