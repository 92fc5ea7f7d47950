import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../../features/fairness/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/provably-fair/verify')({
  head: () => pageHead({ title: 'Verify a ticket', description: 'Compute the ticket of any roll from its seeds and nonce.', path: '/provably-fair/verify' }),
  component: VerifyPage,
});
