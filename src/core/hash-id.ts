// Ids on the wire are 12-character hashes: `SF` + zero padding + number (SF0000000042);
// the short form drops the padding (SF42). Document 3, section 5 and docs/design.md section 4.

/** Prefix of every id hash. */
export const HASH_PREFIX = 'SF';

/** Length of a full id hash (document 1: "Hash valid only when a string of 12 characters"). */
export const HASH_LENGTH = 12;

const DIGITS = HASH_LENGTH - HASH_PREFIX.length;

/** Largest number a 12-character hash can hold. */
export const MAX_HASH_NUMBER = 10 ** DIGITS - 1;

// Partly padded forms (SF007) are read too, so anything the contract's hash schema lets in parses.
const HASH_PATTERN = new RegExp(`^${HASH_PREFIX}(\\d{1,${DIGITS}})$`);

function assertHashNumber(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_HASH_NUMBER) {
    throw new RangeError(`not an id number (1..${MAX_HASH_NUMBER}): ${n}`);
  }
}

/** The full 12-character hash of an id number: 42 -> "SF0000000042". */
export function toHash(n: number): string {
  assertHashNumber(n);
  return HASH_PREFIX + String(n).padStart(DIGITS, '0');
}

/** The short hash of an id number: 42 -> "SF42". */
export function toShortHash(n: number): string {
  assertHashNumber(n);
  return HASH_PREFIX + String(n);
}

/** The id number of a full or short hash, or null for anything that is not one. */
export function parseHash(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const digits = HASH_PATTERN.exec(value)?.[1];
  if (digits === undefined) return null;
  const n = Number(digits);
  return n >= 1 ? n : null;
}

/** Whether a value is a full 12-character hash (the form ids take on the wire). */
export function isHash(value: unknown): value is string {
  return typeof value === 'string' && value.length === HASH_LENGTH && parseHash(value) !== null;
}

/** Short form of a full or short hash, or null when it is not a hash. */
export function shortenHash(hash: string): string | null {
  const n = parseHash(hash);
  return n === null ? null : toShortHash(n);
}

/** Full form of a short or full hash, or null when it is not a hash. */
export function expandHash(short: string): string | null {
  const n = parseHash(short);
  return n === null ? null : toHash(n);
}
