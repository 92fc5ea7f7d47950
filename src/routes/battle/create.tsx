import { createFileRoute } from '@tanstack/react-router';
import { BattleCreatePage } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/battle/create')({
  head: () => pageHead({ title: 'Create a battle', description: 'Pick the cases, seats and mode of a new case battle.', path: '/battle/create' }),
  component: BattleCreatePage,
});
