import { createFileRoute } from '@tanstack/react-router';
import { AffiliatesPage } from '../features/partnership/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/affiliates')({
  head: () => pageHead({ title: 'Affiliates', description: 'Invite friends with your code and earn cashback.', path: '/affiliates' }),
  component: AffiliatesPage,
});
