// Provably fair rules (spec document 3, section 5; docs/design.md section 6). The verifier in
// workers/, the client and the sim-server all call these, so a ticket is computed one way:
// the server's roll, the modal and bulk verification all go through keyedTicketer.
// Pure JS hashing on purpose: bulk verification is faster than WebCrypto's async calls.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Ticket maximum for unbox and battles: tickets run 1..100000. */
export const TICKET_MAX = 100_000;

/** Length of a player's client seed (document 3, section 9). */
export const CLIENT_SEED_LENGTH = 10;

const SEED_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// Bytes at or above this would make some characters likelier than others.
const UNBIASED_BYTE_LIMIT = 256 - (256 % SEED_ALPHABET.length);

/** An item's inclusive ticket range `[from, to]`. */
export type TicketRange = readonly [from: number, to: number];

/** Anything carrying a ticket range, such as a box's item. */
export type Ranged = { readonly range: TicketRange };

/** Fills a byte array with random values; the shape of `crypto.getRandomValues`. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

function assertPositiveInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${what} must be a positive integer, got ${value}`);
}

/** The ticket step on hex text (a party tier's server seed): first 7 hex digits as a number, modulo max, plus 1. */
export function ticketFromHex(hex: string, max: number): number {
  assertPositiveInteger(max, 'max');
  const head = hex.slice(0, 7);
  if (!/^[0-9a-fA-F]{7}$/.test(head)) throw new RangeError(`need 7 hex digits, got "${head}"`);
  return (Number.parseInt(head, 16) % max) + 1;
}

/** HMAC-SHA256 of `message` keyed by `key`, as lower-case hex. */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

/** Computes the tickets of one key: (client seed, nonce, max) -> 1..max. */
export type Ticketer = (clientSeed: string, nonce: number, max?: number) => number;

/** Refuses a nonce below 0 or a max below 1 (RangeError). */
export function assertTicketInputs(nonce: number, max: number): void {
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
 * A ticketer for one key with @noble/hashes (docs/design.md sections 6 and 8): the keyed HMAC state
 * is built once and cloned per ticket (two SHA-256 blocks per ticket instead of four, no hex
 * string in between), and the message `client seed-nonce` is written into a reused buffer (the seed's bytes
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

// A batch (a verification, a battle's rounds) shares one key over many nonces, and a server
// interleaves the rolls of its active players, each with their own key: fairTicket keeps the
// ticketers of the keys used last instead of building the keyed state again per ticket.
const KEPT_TICKETERS = 64;
const ticketers = new Map<string, Ticketer>();

/** The fair ticket in 1..max for a key (server seed or beacon), client seed and nonce: HMAC-SHA256(key, `seed-nonce`), first 7 hex digits mod max, plus 1. */
export function fairTicket(key: string, clientSeed: string, nonce: number, max: number = TICKET_MAX): number {
  let ticketer = ticketers.get(key);
  if (ticketer) {
    // Most recently used last: the first key in the map is the one to forget.
    ticketers.delete(key);
  } else {
    ticketer = keyedTicketer(key);
    if (ticketers.size >= KEPT_TICKETERS) ticketers.delete(ticketers.keys().next().value!);
  }
  ticketers.set(key, ticketer);
  return ticketer(clientSeed, nonce, max);
}

/** A ticket as the fairness pages and modals show it: zero-padded to five digits (100000 keeps its six). */
export function ticketDigits(ticket: number): string {
  return String(ticket).padStart(5, '0');
}

/** Nonce of the drop for round `round` and seat `seat` (both 1-based) in a battle of `seats` seats. */
export function battleNonce(round: number, seat: number, seats: number): number {
  assertPositiveInteger(round, 'round');
  assertPositiveInteger(seats, 'seats');
  assertPositiveInteger(seat, 'seat');
  if (seat > seats) throw new RangeError(`seat ${seat} is past the ${seats} seats`);
  return (round - 1) * seats + seat;
}

/** Nonce of a battle's tiebreak roll: the one after the last drop's nonce. */
export function tiebreakNonce(rounds: number, seats: number): number {
  return battleNonce(rounds, seats, seats) + 1;
}

/** Stream-party tier winner position in 1..participants, from the tier's server seed. */
export function partyTierTicket(serverSeed: string, participants: number): number {
  return ticketFromHex(serverSeed, participants);
}

/** SHA-256 of UTF-8 text as lower-case hex: how server seeds are shown before reveal. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Commitment to a rob / split-or-steal decision: SHA-256 hex of `decision-salt`. */
export function hashDecision(decision: string, salt: string): string {
  return sha256Hex(`${decision}-${salt}`);
}

/** A fresh client seed of [a-zA-Z0-9], unbiased, from `random` (crypto.getRandomValues by default). */
export function randomClientSeed(
  length: number = CLIENT_SEED_LENGTH,
  random: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes),
): string {
  let seed = '';
  while (seed.length < length) {
    for (const byte of random(new Uint8Array(length))) {
      if (byte < UNBIASED_BYTE_LIMIT && seed.length < length) seed += SEED_ALPHABET[byte % SEED_ALPHABET.length];
    }
  }
  return seed;
}

/** The item whose ticket range holds `ticket`, or null when no range does. */
export function pickByTicket<T extends Ranged>(items: readonly T[], ticket: number): T | null {
  return items.find(({ range: [from, to] }) => from <= ticket && ticket <= to) ?? null;
}

/** Why the ranges fail to cover 1..max exactly once (gap, overlap, bad bounds), or null when they do. */
export function validateRanges(items: readonly Ranged[], max: number = TICKET_MAX): string | null {
  if (items.length === 0) return 'No ticket ranges';
  for (const { range: [from, to] } of items) {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return `Range [${from}, ${to}] is not whole numbers`;
    if (from > to) return `Range [${from}, ${to}] ends before it starts`;
  }
  const sorted = items.map((item) => item.range).toSorted((a, b) => a[0] - b[0]);
  let next = 1;
  for (const [from, to] of sorted) {
    if (from > next) return `Tickets ${next}..${from - 1} belong to no item`;
    if (from < next) return `Tickets ${from}..${Math.min(to, next - 1)} belong to more than one item`;
    next = to + 1;
  }
  if (next - 1 < max) return `Tickets ${next}..${max} belong to no item`;
  if (next - 1 > max) return `Tickets ${max + 1}..${next - 1} are past the maximum ${max}`;
  return null;
}
