import { createFileRoute } from '@tanstack/react-router';
import { BattlePassPurchasePage, prefetchBattlePass } from '../../features/battlepass/pages.ts';
import { requireLogin } from '../../features/session/index.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battlepass/purchase')({
  beforeLoad: () => requireLogin('/battlepass'),
  loader: ({ context }) => prefetchBattlePass(context.queryClient),
  head: () => pageHead({ title: 'Get the Battle Pass', description: 'The premium track of the season’s Battle Pass.', path: '/battlepass/purchase' }),
  component: BattlePassPurchasePage,
});
