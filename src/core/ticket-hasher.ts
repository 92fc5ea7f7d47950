// Fast ticket computation for bulk verification (DESIGN.md sections 5 and 7). A batch usually
// shares one key (a server seed or a beacon) over many nonces, so the HMAC's keyed state is
// computed once per key and cloned for each message: two SHA-256 blocks per ticket instead of
// four, with no hex string in between. Same tickets as fairTicket, which stays the reference.
// The WebCrypto variant exists to be measured against (bench/workers.ts); its per-call promise
// makes it slower for many short messages.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { TICKET_MAX } from './fair-ticket.ts';

/** Computes the tickets of one key: (client seed, nonce, max) -> 1..max. */
export type Ticketer = (clientSeed: string, nonce: number, max?: number) => number;

/** The WebCrypto counterpart of {@link Ticketer}: one promise per ticket. */
export type AsyncTicketer = (clientSeed: string, nonce: number, max?: number) => Promise<number>;

function assertTicketInputs(nonce: number, max: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`nonce must be a non-negative integer, got ${nonce}`);
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
}

/** The ticket from an HMAC digest: its first 28 bits (the first 7 hex digits) modulo max, plus 1. */
export function ticketFromDigest(digest: Uint8Array, max: number = TICKET_MAX): number {
  if (digest.length < 4) throw new RangeError('a digest has at least 4 bytes');
  const head = (digest[0]! << 20) | (digest[1]! << 12) | (digest[2]! << 4) | (digest[3]! >>> 4);
  return (head % max) + 1;
}

/**
 * A ticketer for one key with @noble/hashes: the keyed HMAC state is built once and cloned per
 * ticket, and the message `client seed-nonce` is written into a reused buffer (the seed's bytes
 * once per seed, the nonce's ASCII digits per ticket), so a ticket allocates nothing.
 */
export function keyedTicketer(key: string): Ticketer {
  const keyed = hmac.create(sha256, utf8ToBytes(key));
  // One scratch instance and one output buffer: _cloneInto overwrites both on every ticket.
  let scratch: typeof keyed | undefined;
  const digest = new Uint8Array(32);
  let seed: string | null = null;
  let message = new Uint8Array(0);
  let prefixLength = 0;
  return (clientSeed, nonce, max = TICKET_MAX) => {
    assertTicketInputs(nonce, max);
    if (clientSeed !== seed) {
      const prefix = utf8ToBytes(`${clientSeed}-`);
      // A safe integer has at most 16 decimal digits.
      message = new Uint8Array(prefix.length + 16);
      message.set(prefix);
      prefixLength = prefix.length;
      seed = clientSeed;
    }
    const digits = String(nonce);
    let length = prefixLength;
    for (let i = 0; i < digits.length; i++) message[length++] = digits.charCodeAt(i);
    // _cloneInto is noble's public way to reuse an instance: clone() would allocate per ticket.
    // oxlint-disable-next-line no-underscore-dangle
    const state = keyed._cloneInto(scratch) as typeof keyed;
    scratch = state;
    state.update(message.subarray(0, length));
    state.digestInto(digest);
    return ticketFromDigest(digest, max);
  };
}

/** A ticketer for one key with WebCrypto (crypto.subtle): the key is imported once. */
export async function webCryptoTicketer(key: string): Promise<AsyncTicketer> {
  const subtle = globalThis.crypto.subtle;
  const cryptoKey = await subtle.importKey('raw', utf8ToBytes(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (clientSeed, nonce, max = TICKET_MAX) => {
    assertTicketInputs(nonce, max);
    const signature = await subtle.sign('HMAC', cryptoKey, utf8ToBytes(`${clientSeed}-${nonce}`));
    return ticketFromDigest(new Uint8Array(signature), max);
  };
}
