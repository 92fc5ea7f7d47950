import type { MethodResult } from '../../contract/index.ts';
import type { MyGame } from './my-games.ts';
import { battlePath } from './paths.ts';

/** The player's running games in the arena lobby's answer (its `personal` list), with the menus' counts. */
export function myGamesOf(lobby: MethodResult<'arena.lobby'>): { battles: number; rolls: number; games: MyGame[] } {
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
}
