import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/info/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/privacy')({
  head: () => pageHead({ title: 'Privacy policy', description: 'What the arena keeps about you, and why.', path: '/privacy' }),
  component: PrivacyPage,
});
