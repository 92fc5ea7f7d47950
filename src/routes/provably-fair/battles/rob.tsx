import { createFileRoute } from '@tanstack/react-router';
import { RobFairnessPage } from '../../../features/fairness/pages.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/battles/rob')({
  head: () => pageHead({ title: 'Rob mode fairness', description: 'How rob mode keeps both choices secret until both are in.', path: '/provably-fair/battles/rob' }),
  component: RobFairnessPage,
});
