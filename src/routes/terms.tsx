import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/info/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/terms')({
  head: () => pageHead({ title: 'Terms of service', description: 'The rules of using the arena.', path: '/terms' }),
  component: TermsPage,
});
