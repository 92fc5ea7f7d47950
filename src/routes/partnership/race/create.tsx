import { createFileRoute } from '@tanstack/react-router';
import { RaceCreatePage } from '../../../features/partnership/pages.ts';
import { requireLogin } from '../../../features/session/index.ts';
import { pageHead } from '../../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/race/create')({
  beforeLoad: () => requireLogin(),
  head: () => pageHead({ title: 'Create a race', description: 'A leaderboard contest for your referrals.', path: '/partnership/race/create' }),
  component: RaceCreatePage,
});
