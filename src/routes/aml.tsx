import { createFileRoute } from '@tanstack/react-router';
import { AmlPage } from '../features/info/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/aml')({
  head: () => pageHead({ title: 'Anti-money-laundering policy', description: 'How the arena keeps dirty money out.', path: '/aml' }),
  component: AmlPage,
});
