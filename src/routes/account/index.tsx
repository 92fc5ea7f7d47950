import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireLogin } from '../../features/session/index.ts';

/** Spec: /account is login-only and leads to /account/verify. */
export const Route = createFileRoute('/account/')({
  beforeLoad: () => {
    requireLogin();
    throw redirect({ to: '/account/verify', replace: true });
  },
});
