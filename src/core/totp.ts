// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) for two-factor sign-off of
// withdrawals. Pure so that the sim-server verifies codes and tests (or a setup screen)
// compute them with the very same code; authenticator apps use SHA-1, 6 digits, 30 s.
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import type { RandomFill } from './fair-ticket.ts';

/** HMAC hash of a TOTP; apps other than the defaults are rare, RFC 6238 lists all three. */
export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

/** Parameters of a TOTP; the defaults are what every authenticator app assumes. */
export interface TotpOptions {
  /** Seconds per code. */
  step?: number;
  digits?: number;
  algorithm?: TotpAlgorithm;
}

/** The parameters the sim-server issues: SHA-1, 6 digits, 30 seconds. */
export const TOTP_DEFAULTS = { step: 30, digits: 6, algorithm: 'SHA1' } as const satisfies Required<TotpOptions>;

/** Bytes of a new secret: 160 bits, the length RFC 4226 recommends for HMAC-SHA1. */
export const TOTP_SECRET_BYTES = 20;

const HASHES = { SHA1: sha1, SHA256: sha256, SHA512: sha512 } as const;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding (the form otpauth URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Bytes of base32 text as people type it from a setup screen: any case, spaces and
 * dashes between groups, optional '=' padding. Null for any other character.
 */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value === -1) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** The 8-byte big-endian counter HOTP signs; counters past 2^32 are split by arithmetic, not shifts. */
function counterBytes(counter: number): Uint8Array {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError(`counter must be a non-negative integer, got ${counter}`);
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  return bytes;
}

/** RFC 4226 HOTP: dynamic truncation of HMAC(key, counter) to `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DEFAULTS.digits, algorithm: TotpAlgorithm = TOTP_DEFAULTS.algorithm): string {
  if (!Number.isInteger(digits) || digits < 6 || digits > 10) throw new RangeError(`digits must be 6 to 10, got ${digits}`);
  const mac = hmac(HASHES[algorithm], key, counterBytes(counter));
  const at = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[at]! & 0x7f) * 2 ** 24) + (mac[at + 1]! << 16) + (mac[at + 2]! << 8) + mac[at + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment (milliseconds since the epoch) falls in. */
export function totpCounter(timeMs: number, step: number = TOTP_DEFAULTS.step): number {
  return Math.floor(timeMs / 1000 / step);
}

/** The code an authenticator shows at `timeMs`. */
export function totp(key: Uint8Array, timeMs: number, options: TotpOptions = {}): string {
  const { step, digits, algorithm } = { ...TOTP_DEFAULTS, ...options };
  return hotp(key, totpCounter(timeMs, step), digits, algorithm);
}

/** Compares two equal-length strings without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The time step whose code equals `code`, looking `drift` steps either side of now to
 * forgive a phone clock that is a little off; null when none matches. Callers keep the
 * last step they accepted and refuse it again (RFC 6238 section 5.2: a code is used once).
 */
export function matchTotp(key: Uint8Array, code: string, timeMs: number, options: TotpOptions & { drift?: number } = {}): number | null {
  const { step, digits, algorithm, drift } = { ...TOTP_DEFAULTS, drift: 1, ...options };
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const now = totpCounter(timeMs, step);
  let found: number | null = null;
  // Every candidate is computed so the time taken does not tell which one matched.
  for (let counter = now - drift; counter <= now + drift; counter++) {
    if (counter >= 0 && sameText(hotp(key, counter, digits, algorithm), code) && found === null) found = counter;
  }
  return found;
}

/** Whether text is shaped like a default code: exactly six digits. */
export function isTotpCode(text: string): boolean {
  return /^\d{6}$/.test(text);
}

/** A new shared secret in base32, from `fill` (crypto.getRandomValues or node's webcrypto). */
export function totpSecret(fill: RandomFill): string {
  return base32Encode(fill(new Uint8Array(TOTP_SECRET_BYTES)));
}

/** The otpauth:// URI an authenticator app scans from a QR code (Key Uri Format). */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP_DEFAULTS.algorithm,
    digits: String(TOTP_DEFAULTS.digits),
    period: String(TOTP_DEFAULTS.step),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
