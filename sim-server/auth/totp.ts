// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) for two-factor sign-off of
// withdrawals: otpauth computes the codes; this module keeps the server's rules around them
// (the parameters it issues, the drift it forgives, constant-time matching, lenient base32).
// Authenticator apps use SHA-1, 6 digits, 30 s.
import { HOTP, Secret } from 'otpauth';
import type { RandomFill } from '../../src/core/fair-ticket.ts';

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

const secretOf = (key: Uint8Array) => new Secret({ buffer: Uint8Array.from(key).buffer });

/** RFC 4648 base32, upper case, without padding (the form otpauth URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  return secretOf(bytes).base32;
}

/**
 * Bytes of base32 text as people type it from a setup screen: any case, spaces and
 * dashes between groups, optional '=' padding. Null for any other character.
 */
export function base32Decode(text: string): Uint8Array | null {
  try {
    return new Uint8Array(Secret.fromBase32(text.replace(/[\s-]/g, '')).buffer);
  } catch {
    return null;
  }
}

/** RFC 4226 HOTP: dynamic truncation of HMAC(key, counter) to `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DEFAULTS.digits, algorithm: TotpAlgorithm = TOTP_DEFAULTS.algorithm): string {
  if (!Number.isInteger(digits) || digits < 6 || digits > 10) throw new RangeError(`digits must be 6 to 10, got ${digits}`);
  if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError(`counter must be a non-negative integer, got ${counter}`);
  return HOTP.generate({ secret: secretOf(key), counter, digits, algorithm });
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
