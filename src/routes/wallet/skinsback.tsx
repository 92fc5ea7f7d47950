import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../features/shell/index.ts';
import { SkinsbackPage } from '../../features/wallet/pages.ts';

export const Route = createFileRoute('/wallet/skinsback')({
  head: () => pageHead({ title: 'Skinsback', description: 'Deposit skins through Skinsback.', path: '/wallet/skinsback' }),
  component: SkinsbackPage,
});
