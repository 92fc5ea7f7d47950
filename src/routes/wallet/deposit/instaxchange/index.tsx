import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../features/shell/index.ts';
import { InstaxchangePage } from '../../../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/deposit/instaxchange/')({
  head: () => pageHead({ title: 'Card deposit', description: 'Deposit with Visa or Mastercard.', path: '/wallet/deposit/instaxchange' }),
  component: InstaxchangePage,
});
