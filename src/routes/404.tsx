import { createFileRoute } from '@tanstack/react-router';
import { NotFound, pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/404')({
  head: () => pageHead({ title: 'Page not found', description: 'This page is not in the arena.', path: '/404', noindex: true }),
  component: NotFound,
});
