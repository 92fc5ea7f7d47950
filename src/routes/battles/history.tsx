import { createFileRoute } from '@tanstack/react-router';
import { BattleHistoryPage, historyQueryOptions } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';
import { casesQueryOptions } from '../../features/cases/on-demand.ts';

export const Route = createFileRoute('/battles/history')({
  loader: ({ context }) => Promise.all([context.queryClient.prefetchInfiniteQuery(historyQueryOptions()), context.queryClient.prefetchQuery(casesQueryOptions())]),
  head: () => pageHead({ title: 'Battle history', description: 'Every battle you played to the end, with pots, winners and fairness.', path: '/battles/history' }),
  component: BattleHistoryPage,
});
