/**
 * The sponsor lobby messages (document 1 section 7: "sponsor lobby created/joined/updated";
 * docs/decisions/0050): told to a battle's lobby rooms beside the LOBBY_GAME_* message of the
 * same step, so a lobby that lists sponsored seats follows them without reading every update.
 * Created: the battle got its first sponsored seats. Joined: a player took a seat a sponsor
 * paid for. Updated: the sponsored seats changed otherwise (more sponsored, a sponsored seat
 * given back, the unused ones refunded as the battle filled or closed).
 */
import type { ServerMessageData, ServerMessageType } from '../../../src/contract/index.ts';
import type { BattleState, BattleStep } from './state.ts';
import type { BattleGameOut, PublicUserOut } from './views.ts';

type ToLobby = <T extends ServerMessageType>(type: T, data: ServerMessageData<T>) => void;

/** Whether a battle has had a sponsor: a seat paid by one, taken or free. */
const sponsoredAny = (state: BattleState | null) => state !== null && (state.sponsorCredits.length > 0 || state.occupants.some((o) => o?.sponsored === true));

/** Queues the sponsor messages of one step (after its LOBBY_GAME_* message). */
export function sponsorMessages(before: BattleState | null, step: BattleStep, game: BattleGameOut, userOf: ReadonlyMap<string, PublicUserOut>, toLobby: ToLobby): void {
  let told = false;
  for (const event of step.events) {
    if (event.type === 'SPONSORED') {
      if (!told && !sponsoredAny(before)) toLobby('LOBBY_SPONSOR_CREATED', { game, sponsor_hash: event.sponsor, seats: event.seats });
      else toLobby('LOBBY_SPONSOR_UPDATED', { game });
      told = true;
    } else if (event.type === 'SEATED' && event.sponsored) {
      const user = userOf.get(event.player);
      if (user) toLobby('LOBBY_SPONSOR_JOINED', { game, seat: event.seat, user });
      told = true;
    } else if (event.type === 'LEFT' && before?.occupants[event.seat - 1]?.sponsored === true) {
      toLobby('LOBBY_SPONSOR_UPDATED', { game });
      told = true;
    }
  }
  // The unused sponsored seats went back to their sponsors (the battle filled or closed).
  if (!told && before !== null && before.sponsorCredits.length !== step.state.sponsorCredits.length) toLobby('LOBBY_SPONSOR_UPDATED', { game });
}
