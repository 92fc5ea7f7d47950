import type { StealGame } from '../../contract/index.ts';

/** How a chat message's author stands in the split-or-steal game that is battling. */
export type StealMark = 'player' | 'opponent';

/**
 * Document 2 section 4: messages from the players of a battling steal game get a marker, and a
 * picked player sees their opponents highlighted, unless the game is anonymous (it names
 * nobody while it runs). `seat` is the viewer's place among the picks, null when not picked.
 */
export function stealMarksOf(game: StealGame | null | undefined, seat: number | null): ReadonlyMap<string, StealMark> {
  if (!game || game.status !== 'battling' || game.anonymous) return new Map();
  return new Map(game.players.flatMap((player, index) => (player.hash === null ? [] : [[player.hash, seat !== null && index !== seat ? 'opponent' : 'player'] as const])));
}
