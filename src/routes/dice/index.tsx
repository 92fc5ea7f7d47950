import { createFileRoute } from '@tanstack/react-router';
import { DicePage } from '../../features/dice/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/dice/')({
  head: () => pageHead({ title: 'Dice', description: 'Roll over or under your target: lower chance, bigger multiplier.', path: '/dice' }),
  component: DicePage,
});
