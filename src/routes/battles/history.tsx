import { createFileRoute } from '@tanstack/react-router';
import { BattleHistoryPage } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battles/history')({
  head: () => pageHead({ title: 'Battle history', description: 'Every battle you played to the end, with pots, winners and fairness.', path: '/battles/history' }),
  component: BattleHistoryPage,
});
