import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/pages.ts';
import { SITE_NAME, pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/')({
  head: () => pageHead({ title: SITE_NAME, description: 'Open CS2 cases alone or in battles of up to five seats, play Chicken and Dice. Provably fair.', path: '/' }),
  component: HomePage,
});
