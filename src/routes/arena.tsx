import { createFileRoute } from '@tanstack/react-router';
import { ArenaPage, arenaStatsQueryOptions } from '../features/arena/pages.ts';
import { myGamesQueryOptions } from '../features/battles/index.ts';
import { lobbyQueryOptions } from '../features/battles/on-demand.ts';
import { readLogged } from '../features/session/index.ts';
import { pageHead } from '../features/shell/index.ts';
import { casesQueryOptions } from '../features/cases/on-demand.ts';

export const Route = createFileRoute('/arena')({
  // The lobby, the case art its cards show, the figures, and a player's own unbox games.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(lobbyQueryOptions()),
      queryClient.prefetchQuery(casesQueryOptions()),
      queryClient.prefetchQuery(arenaStatsQueryOptions()),
      ...(readLogged() ? [queryClient.prefetchQuery(myGamesQueryOptions())] : []),
    ]),
  head: () => pageHead({ title: 'Arena lobby', description: 'Public and personal games of the arena: battles waiting for players and your unbox games.', path: '/arena' }),
  component: ArenaPage,
});
