// The WebCrypto counterpart of fair-ticket.ts's keyedTicketer, kept to be measured against
// (bench/workers.ts): its per-call promise makes it slower for many short messages.
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { TICKET_MAX, assertTicketInputs, ticketFromDigest } from './fair-ticket.ts';

/** The WebCrypto counterpart of a Ticketer: one promise per ticket. */
export type AsyncTicketer = (clientSeed: string, nonce: number, max?: number) => Promise<number>;

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
