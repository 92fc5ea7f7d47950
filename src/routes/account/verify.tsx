import { createFileRoute } from '@tanstack/react-router';
import { AccountVerifyPage } from '../../features/account/pages.ts';
import { requireLogin } from '../../features/session/index.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/account/verify')({
  beforeLoad: () => requireLogin(),
  head: () => pageHead({ title: 'Verify your account', description: 'Account verification for safe withdrawals.', path: '/account/verify' }),
  component: AccountVerifyPage,
});
