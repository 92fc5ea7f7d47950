import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { DepositPage } from '../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/')({
  head: () => pageHead({ title: 'Deposit', description: 'Deposit coins by crypto, card, gift card or skins.', path: '/wallet' }),
  component: DepositPage,
});
