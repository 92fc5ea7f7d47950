import { createFileRoute } from '@tanstack/react-router';
import { PartnershipPage } from '../../features/partnership/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/partnership/')({
  head: () => pageHead({ title: 'Partnership', description: 'Share your code and earn from the players you bring.', path: '/partnership' }),
  component: PartnershipPage,
});
