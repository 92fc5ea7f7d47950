// Provably fair rules (spec document 3, section 5; DESIGN.md section 5). The verifier in
// workers/, the client and the sim-server all call these, so a ticket is computed one way.
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

/** The shared step of every ticket: first 7 hex digits as a number, modulo max, plus 1. */
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

/** The fair ticket in 1..max for a key (server seed or beacon), client seed and nonce. */
export function fairTicket(key: string, clientSeed: string, nonce: number, max: number = TICKET_MAX): number {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`nonce must be a non-negative integer, got ${nonce}`);
  return ticketFromHex(hmacSha256Hex(key, `${clientSeed}-${nonce}`), max);
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
