import { createFileRoute } from '@tanstack/react-router';
import { diceHistoryQueryOptions, DicePage, diceRecentQueryOptions } from '../../features/dice/pages.ts';
import { pageHead } from '../../features/shell/index.ts';
import { readLogged } from '../../features/session/index.ts';

export const Route = createFileRoute('/dice/')({
  // Everyone's latest rolls, and a player's own (a visitor has none, as on the page).
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.prefetchQuery(diceRecentQueryOptions()), ...(readLogged() ? [queryClient.prefetchQuery(diceHistoryQueryOptions())] : [])]),
  head: () => pageHead({ title: 'Dice', description: 'Roll over or under your target: lower chance, bigger multiplier.', path: '/dice' }),
  component: DicePage,
});
