import { queryOptions, useQuery } from '@tanstack/react-query';
import { battlePath } from './paths.ts';
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
      let battles = 0;
      let rolls = 0;
      const games: MyGame[] = [];
      for (const game of lobby.personal) {
        if (game.type === 'battle') {
          battles += 1;
          const state = game.status === 'waiting' ? `Waiting: ${game.members} of ${game.seats} seats` : game.status === 'rob' ? 'Split or rob' : `Round ${game.round} of ${game.rounds}`;
          games.push({ type: 'battle', hash: game.hash, path: battlePath(game), state });
        } else {
          const left = Math.max(0, game.rounds - game.round);
          rolls += left;
          const key = lobby.boxes.find((box) => box.hash === game.box_hash)?.key ?? 'case';
          games.push({ type: 'unbox', hash: game.hash, path: `/case/${key}/${game.token}`, state: `${left} roll${left === 1 ? '' : 's'} left` });
        }
      }
      return { battles, rolls, games };
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
