import { createFileRoute } from '@tanstack/react-router';
import { CasesPage } from '../features/cases/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/cases')({
  head: () => pageHead({ title: 'Cases', description: 'Open CS2 cases with visible drops and odds, alone or in a battle.', path: '/cases' }),
  component: CasesPage,
});
