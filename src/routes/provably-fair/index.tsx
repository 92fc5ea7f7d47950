import { createFileRoute } from '@tanstack/react-router';
import { FairnessPage } from '../../features/fairness/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/')({
  head: () => pageHead({ title: 'Provably fair', description: 'How every drop and roll is decided, and how to check it yourself.', path: '/provably-fair' }),
  component: FairnessPage,
});
