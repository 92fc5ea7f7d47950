import { createFileRoute } from '@tanstack/react-router';
import { BattlePassPage } from '../../features/battlepass/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battlepass/')({
  head: () => pageHead({ title: 'Battle Pass', description: 'Season 1: 30 tiers of rewards over 90 days.', path: '/battlepass' }),
  component: BattlePassPage,
});
