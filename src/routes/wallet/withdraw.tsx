import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { requirementsQueryOptions, WithdrawPage } from '../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/withdraw')({
  loader: ({ context }) => context.queryClient.prefetchQuery(requirementsQueryOptions()),
  head: () => pageHead({ title: 'Withdraw', description: 'Withdraw coins to crypto.', path: '/wallet/withdraw' }),
  component: WithdrawPage,
});
