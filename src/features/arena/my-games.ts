import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** The player's running games from the arena lobby (its `personal` list). */
export function myGamesQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'arena', 'mine'] as const,
    queryFn: async ({ signal }) => {
      const lobby = await rpc.call('arena.lobby', { batch: 'ARENA' }, { signal });
      let battles = 0;
      let rolls = 0;
      for (const game of lobby.personal) {
        if (game.type === 'battle') battles += 1;
        else rolls += Math.max(0, game.rounds - game.round);
      }
      return { battles, rolls };
    },
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * Counts for the menus (document 1 section 2.2): the player's battles and the unbox rolls
 * they have left; zeros for visitors and while unknown.
 */
export function useMyGameCounts(enabled: boolean): { battles: number; rolls: number } {
  const mine = useQuery({ ...myGamesQueryOptions(), enabled });
  return mine.data ?? { battles: 0, rolls: 0 };
}
