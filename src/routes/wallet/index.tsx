import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { DepositPage, referralQueryOptions } from '../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/')({
  // The deposit bonus button's partner and bonus (the wallet is for signed-in players only).
  loader: ({ context }) => context.queryClient.prefetchQuery(referralQueryOptions()),
  head: () => pageHead({ title: 'Deposit', description: 'Deposit coins by crypto, card, gift card or skins.', path: '/wallet' }),
  component: DepositPage,
});
