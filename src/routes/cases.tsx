import { createFileRoute } from '@tanstack/react-router';
import { CasesPage } from '../features/cases/pages.ts';
import { pageHead } from '../features/shell/index.ts';
import { casesQueryOptions } from '../features/cases/on-demand.ts';

export const Route = createFileRoute('/cases')({
  // prefetchQuery never throws: offline, the list shows the copy the device kept.
  loader: ({ context }) => context.queryClient.prefetchQuery(casesQueryOptions()),
  head: () => pageHead({ title: 'Cases', description: 'Open CS2 cases with visible drops and odds, alone or in a battle.', path: '/cases' }),
  component: CasesPage,
});
