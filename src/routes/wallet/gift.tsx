import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { GiftPage } from '../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/gift')({
  head: () => pageHead({ title: 'Gift cards', description: 'Redeem a wallet gift card code.', path: '/wallet/gift' }),
  component: GiftPage,
});
