/**
 * Split-or-steal's draw and roulette (document 2 sections 4 and 9), pure so the client, the
 * server and anyone holding the public record compute the same picks and the same strip.
 * Picks: nonce i draws from the participants (sorted by id) not yet picked. Strip: 30 fill
 * units, unit i drawn with nonce 100 + i from all participants; the unit under the pointer
 * (nonce 99 over the 30 units) is overwritten with the first pick.
 */
import { fairTicket } from './fair-ticket.ts';

/** Document 2 section 9: the strip's geometry and roll distance. */
export const STEAL_ROULETTE = {
  units: 30,
  unitWidth: 37,
  gap: 8,
  rollDesktop: [3000, 4000],
  rollMobile: [2000, 3000],
  /** The roulette stops this long before the battle starts (duration = battle - lobby - 2 s). */
  settleMs: 2_000,
} as const;

/** Winner count options (document 2 section 9). */
export const STEAL_WINNERS_MIN = 1;
export const STEAL_WINNERS_MAX = 6;

/** The picked players, in pick order, from the sorted participants. */
export function stealPicks<T extends string | number>(beacon: string, gameHash: string, participants: readonly T[], winners: number): T[] {
  const pool = [...participants];
  const picks: T[] = [];
  for (let nonce = 0; nonce < winners && pool.length > 0; nonce++) picks.push(pool.splice(fairTicket(beacon, gameHash, nonce, pool.length) - 1, 1)[0]!);
  return picks;
}

/** The 30 units of the strip and the index the roulette settles on (the first pick). */
export function stealStrip<T extends string | number>(beacon: string, gameHash: string, participants: readonly T[], firstPick: T): { units: T[]; index: number } {
  const units = Array.from({ length: STEAL_ROULETTE.units }, (_, i) => participants[fairTicket(beacon, gameHash, 100 + i, participants.length) - 1]!);
  const index = fairTicket(beacon, gameHash, 99, STEAL_ROULETTE.units) - 1;
  units[index] = firstPick;
  return { units, index };
}

/**
 * How far the strip travels: the first offset at or past `distance` that puts the centre of
 * unit `index` (the strip repeats) under the pointer.
 */
export function stealRollX(index: number, distance: number): number {
  const pitch = STEAL_ROULETTE.unitWidth + STEAL_ROULETTE.gap;
  const lap = pitch * STEAL_ROULETTE.units;
  const centre = index * pitch + STEAL_ROULETTE.unitWidth / 2;
  return centre + Math.ceil((distance - centre) / lap) * lap;
}

/** How a closed game paid: everyone split, exactly one stole, or two or more stole (the house keeps it). */
export type StealResult = 'split' | 'steal' | 'lost';

/**
 * The payout of a game from its picks' decisions in pick order (a missing one counts as
 * split): all split share the reward, the cents that do not divide going one each to the
 * earliest picks; exactly one steal takes it all; two or more steals win nothing.
 */
export function stealPayout(reward: number, decisions: readonly ('split' | 'steal' | null)[]): { result: StealResult; rewards: number[] } {
  const decided = decisions.map((d) => d ?? 'split');
  const steals = decided.filter((d) => d === 'steal').length;
  if (steals === 0) {
    const share = Math.floor(reward / decided.length);
    const rest = reward - share * decided.length;
    return { result: 'split', rewards: decided.map((_, i) => share + (i < rest ? 1 : 0)) };
  }
  if (steals === 1) return { result: 'steal', rewards: decided.map((d) => (d === 'steal' ? reward : 0)) };
  return { result: 'lost', rewards: decided.map(() => 0) };
}

/** What a closed game's result means, in the chat and on its record page. */
export const STEAL_RESULT_TEXT: Record<StealResult | 'cancelled', string> = {
  split: 'Nobody stole: the reward is shared.',
  steal: 'One stole: they take it all.',
  lost: 'Two or more stole: nobody wins.',
  cancelled: 'Too few players joined: cancelled.',
};
