import { createFileRoute } from '@tanstack/react-router';
import { CookiePage } from '../features/info/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/cookie')({
  head: () => pageHead({ title: 'Cookie policy', description: 'The few cookies the arena sets.', path: '/cookie' }),
  component: CookiePage,
});
