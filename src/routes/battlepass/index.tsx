import { createFileRoute } from '@tanstack/react-router';
import { BattlePassPage, prefetchBattlePass } from '../../features/battlepass/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battlepass/')({
  loader: ({ context }) => prefetchBattlePass(context.queryClient),
  head: () => pageHead({ title: 'Battle Pass', description: 'Season 1: 30 tiers of rewards over 90 days.', path: '/battlepass' }),
  component: BattlePassPage,
});
