import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** One of the player's running games, as the menus list it. */
export interface MyGame {
  type: 'battle' | 'unbox';
  hash: string;
  /** The game's page. */
  path: string;
  /** 'Round 2 of 5', '3 rolls left', 'Waiting for players'. */
  state: string;
}

/** The player's running games from the arena lobby (its `personal` list). */
export function myGamesQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'arena', 'mine'] as const,
    queryFn: async ({ signal }) => {
      const lobby = await rpc.call('arena.lobby', { batch: 'ARENA' }, { signal });
      // Only a signed-in player has running games: the counting loads with the first answer.
      const { myGamesOf } = await import('./my-games-of.ts');
      return myGamesOf(lobby);
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
  return { battles: mine.data?.battles ?? 0, rolls: mine.data?.rolls ?? 0 };
}

/** The player's running games of one kind (the header popovers of Battles and Cases). */
export function useMyGames(enabled: boolean, type: MyGame['type']): MyGame[] {
  const mine = useQuery({ ...myGamesQueryOptions(), enabled });
  return (mine.data?.games ?? []).filter((game) => game.type === type);
}
