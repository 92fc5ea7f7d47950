import { createFileRoute } from '@tanstack/react-router';
import { ChickenPage } from '../../features/chicken/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/chicken/')({
  head: () => pageHead({ title: 'Catch the Chicken', description: 'Cross step by step and cash out before the chicken gets caught.', path: '/chicken' }),
  component: ChickenPage,
});
