import { createFileRoute } from '@tanstack/react-router';
import { RandomOrgPage } from '../../features/fairness/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/randomorg')({
  head: () => pageHead({ title: 'External randomness', description: 'The public beacon that decides battles.', path: '/provably-fair/randomorg' }),
  component: RandomOrgPage,
});
