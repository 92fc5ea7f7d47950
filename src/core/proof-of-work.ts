/**
 * The offline protection challenge (spec CAPTCHA_REQUIRED; docs/decisions/0018): the server
 * hands out a signed challenge and a difficulty in bits; the client finds a nonce whose
 * SHA-256 of `challenge:nonce` starts with that many zero bits. Cheap for one sign-in, costly
 * for a script sending thousands; needs no third party and works without the internet.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** How many leading zero bits a digest has. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `nonce` answers `challenge` at `bits` of difficulty. */
export function solvesChallenge(challenge: string, nonce: string, bits: number): boolean {
  return leadingZeroBits(sha256(utf8ToBytes(`${challenge}:${nonce}`))) >= bits;
}

/**
 * Finds a nonce for a challenge. Gives the event loop a turn every `sliceSize` tries so a page
 * stays responsive while it works (a worker is not worth it for well under a second of hashing).
 */
export async function solveChallenge(challenge: string, bits: number, sliceSize = 4096): Promise<string> {
  for (let nonce = 0; ; nonce++) {
    if (solvesChallenge(challenge, nonce.toString(36), bits)) return nonce.toString(36);
    if (nonce % sliceSize === sliceSize - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
