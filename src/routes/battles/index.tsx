import { createFileRoute } from '@tanstack/react-router';
import { BattlesPage } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battles/')({
  head: () => pageHead({ title: 'Case battles', description: 'Battle up to five players over the same cases; the best haul takes every drop.', path: '/battles' }),
  component: BattlesPage,
});
