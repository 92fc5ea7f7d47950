import type { StealGame } from '../../contract/index.ts';

const STATUS_ORDER: readonly StealGame['status'][] = ['waiting', 'rolling', 'battling', 'closed'];

/** How far a game has gone: its status, then its picks' decisions, then who has joined. */
function progressOf(game: StealGame): readonly number[] {
  return [STATUS_ORDER.indexOf(game.status), game.players.filter((player) => player.decision_hashed !== null).length, game.participants];
}

/**
 * The game to show when a read of chat-steal.get lands while the socket's frames have already
 * shown the same game further on. The read goes over HTTP and the frames over the socket, so a
 * read sent before a decision can answer after the frame that closed the game; shown, it would
 * put the closed game back to "deciding…" with nothing left to correct it.
 */
export function laterStealGame(shown: StealGame | null | undefined, read: StealGame | null): StealGame | null {
  if (!shown || !read || shown.hash !== read.hash) return read;
  const [a, b] = [progressOf(shown), progressOf(read)];
  const index = a.findIndex((value, i) => value !== b[i]);
  return index !== -1 && a[index]! > b[index]! ? shown : read;
}
