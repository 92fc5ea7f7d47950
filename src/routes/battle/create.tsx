import { createFileRoute } from '@tanstack/react-router';
import { BattleCreatePage } from '../../features/battles/pages.ts';
import { pageHead } from '../../features/shell/index.ts';
import { casesQueryOptions } from '../../features/cases/on-demand.ts';

/** `?case=<case key>`: the case page's 'Add to battle' preselects that case. */
type CreateSearch = { case?: string };

export const Route = createFileRoute('/battle/create')({
  validateSearch: (search: Record<string, unknown>): CreateSearch => (typeof search.case === 'string' && search.case !== '' ? { case: search.case } : {}),
  loader: ({ context }) => context.queryClient.prefetchQuery(casesQueryOptions()),
  head: () => pageHead({ title: 'Create a battle', description: 'Pick the cases, seats and mode of a new case battle.', path: '/battle/create' }),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  return <BattleCreatePage initialCase={search.case} />;
}
