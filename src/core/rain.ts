/**
 * The rain's public rules (docs/decisions/0016): the offline captcha (a proof of work the
 * client finds and the server checks in one hash), the participants commitment, and the draw
 * that splits the pot. Anyone can rerun `rainShares` on a finished rain's record.
 */
import { fairTicket, sha256Hex } from './fair-ticket.ts';

/** Leading zero bits the captcha's hash needs: about 65k hashes to find, one to check. */
export const RAIN_POW_BITS = 16;
/** The pot is cut into at most this many shares, each drawn separately. */
export const RAIN_SHARES = 100;
/**
 * Cents wagered in the last hour that meet the last_hour key (rain and steal): one coin. A cent
 * used to, and fifteen accounts made for one rain each rolled the dice for a cent and took most
 * of its pot (docs/decisions/0048).
 */
export const RAIN_LAST_HOUR_MIN_WAGER = 100;

function leadingZeroBits(hex: string): number {
  let bits = 0;
  for (const ch of hex) {
    const nibble = Number.parseInt(ch, 16);
    if (nibble === 0) {
      bits += 4;
      continue;
    }
    return bits + Math.clz32(nibble) - 28;
  }
  return bits;
}

/** The hash the captcha is about: a rain's challenge, the player, and the nonce they found. */
export const powHash = (challenge: string, userHash: string, nonce: string) => sha256Hex(`${challenge}:${userHash}:${nonce}`);

/** Whether `nonce` solves the challenge for this player. */
export function powValid(challenge: string, userHash: string, nonce: string, bits = RAIN_POW_BITS): boolean {
  return /^\d{1,12}$/.test(nonce) && leadingZeroBits(powHash(challenge, userHash, nonce)) >= bits;
}

/** Finds a nonce for the challenge (the client's side; `from` resumes a search done in slices). */
export function solvePow(challenge: string, userHash: string, bits = RAIN_POW_BITS, from = 0, budget = Number.POSITIVE_INFINITY): string | null {
  for (let n = from; n < from + budget; n++) if (leadingZeroBits(powHash(challenge, userHash, String(n))) >= bits) return String(n);
  return null;
}

/** The commitment published when joining closes: SHA-256 of the sorted user hashes joined by commas. */
export function participantsHash(participants: readonly string[]): string {
  return sha256Hex(participants.join(','));
}

/**
 * The draw: the pot is cut into min(RAIN_SHARES, pot) shares (the last takes the remainder),
 * and share s (0-based) goes to participants[fairTicket(beacon, participants hash, s, n) - 1].
 * Answers each winner's reward; the rewards always add up to the pot.
 */
export function rainShares(pot: number, participants: readonly string[], beaconId: string): Map<string, number> {
  const rewards = new Map<string, number>();
  const n = participants.length;
  if (n === 0 || pot <= 0) return rewards;
  const seed = participantsHash(participants);
  const shares = Math.min(RAIN_SHARES, pot);
  const each = Math.floor(pot / shares);
  for (let s = 0; s < shares; s++) {
    const amount = s === shares - 1 ? pot - each * (shares - 1) : each;
    const winner = participants[fairTicket(beaconId, seed, s, n) - 1]!;
    rewards.set(winner, (rewards.get(winner) ?? 0) + amount);
  }
  return rewards;
}
