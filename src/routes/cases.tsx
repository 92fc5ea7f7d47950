import { createFileRoute } from '@tanstack/react-router';
import { casesQueryOptions } from '../features/cases/on-demand.ts';
import { CasesPage } from '../features/cases/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/cases')({
  head: () => pageHead({ title: 'Cases', description: 'Open CS2 cases with visible drops and odds, alone or in a battle.', path: '/cases' }),
  // The list is in the page's first render: a prerendered /cases is replaced by the same list
  // in one sliced render, not by placeholders and then a second, unsliced one when the answer
  // comes. One try only: offline, the page shows at once and its query retries as before.
  loader: ({ context }) => context.queryClient.prefetchQuery({ ...casesQueryOptions(), retry: false }),
  component: CasesPage,
});
