import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/info/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/faq')({
  head: () => pageHead({ title: 'FAQ', description: 'Answers about coins, cases, battles and fairness.', path: '/faq' }),
  component: FaqPage,
});
