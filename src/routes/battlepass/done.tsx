import { createFileRoute } from '@tanstack/react-router';
import { BattlePassDonePage, prefetchBattlePass } from '../../features/battlepass/pages.ts';
import { requireLogin } from '../../features/session/index.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battlepass/done')({
  beforeLoad: () => requireLogin('/battlepass'),
  loader: ({ context }) => prefetchBattlePass(context.queryClient),
  head: () => pageHead({ title: 'Season complete', description: 'You reached the last tier of the Battle Pass.', path: '/battlepass/done' }),
  component: BattlePassDonePage,
});
