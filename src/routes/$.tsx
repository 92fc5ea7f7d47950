import { createFileRoute } from '@tanstack/react-router';
import { NotFound, pageHead } from '../features/shell/index.ts';

/** Anything the route table does not match shows the not-found page (document 1 section 2.1). */
export const Route = createFileRoute('/$')({
  head: () => pageHead({ title: 'Page not found', description: 'This page is not in the arena.', path: '/404', noindex: true }),
  component: NotFound,
});
