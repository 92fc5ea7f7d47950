import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { HistoryPage, historyQueryOptions } from '../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/history')({
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(historyQueryOptions()),
  head: () => pageHead({ title: 'Wallet history', description: 'Every change of your balance.', path: '/wallet/history' }),
  component: HistoryPage,
});
