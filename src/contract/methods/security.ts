import { method } from '../define.ts';
import { z } from '../wire.ts';

/**
 * A 2FA code sent with a call that may answer SECURE_CODE_REQUIRED: the client asks the
 * player and retries the same call with it (document 3 section 8). Any short text is
 * accepted here so a mistyped code answers SECURE_CODE_REQUIRED again, not INPUT_ERROR.
 */
export const secureCode = () => z.optional(z.string().check(z.trim(), z.maxLength(16)));

/** The code that proves the authenticator app holds the secret: six digits. */
const totpCode = () => z.string().check(z.trim(), z.regex(/^\d{6}$/, 'expected the six digits of the authenticator app'));

/**
 * Two-factor setup. The spec names only the SECURE_REQUIRED ('2FA setup') and
 * SECURE_CODE_REQUIRED flows, not these calls; the names follow its kebab-case sub-areas.
 * Codes are RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as every authenticator app makes them.
 */
/** A calendar date as the date input gives it. */
const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD'));

export const securityMethods = {
  'account.basic-status': () => method({
    doc: 'Whether the player passed basic verification, and the withdrawal amount in cents above which it is needed (0: never).',
    access: 'user',
    input: z.object({}),
    output: z.object({ verified: z.boolean(), withdraw_above: z.number() }),
  }),
  'account.basic-verify': () => method({
    doc: 'Basic verification (the full-screen prompt of BASIC_VERIFY_REQUIRED): full name, date of birth (18 or older) and country; once per player.',
    access: 'user',
    input: z.object({
      full_name: z.string().check(z.trim(), z.minLength(3), z.maxLength(80), z.regex(/^[\p{L}][\p{L} .'-]*$/u, 'expected letters, spaces, dots, dashes or apostrophes')),
      birth_date: isoDate(),
      country: z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')),
    }),
    output: z.object({ verified: z.boolean() }),
  }),
  'account.secure-status': () => method({
    doc: 'Whether the player has 2FA enabled (crypto withdrawals need it; the vault then asks for codes).',
    access: 'user',
    input: z.object({}),
    output: z.object({ enabled: z.boolean() }),
  }),
  'account.secure-setup': () => method({
    doc: 'Starts 2FA setup: a new secret and its otpauth:// URI for a QR code; replaces an unfinished setup, refused once enabled.',
    access: 'user',
    input: z.object({}),
    output: z.object({
      /** Base32, for typing into the app by hand. */
      secret: z.string(),
      otpauth_url: z.string(),
      issuer: z.string(),
      account: z.string(),
      digits: z.number(),
      period: z.number(),
      algorithm: z.string(),
    }),
  }),
  'account.secure-enable': () => method({
    doc: 'Finishes 2FA setup with a code from the app; a wrong code answers INVALID_DATA and keeps it off.',
    access: 'user',
    input: z.object({ code: totpCode() }),
    output: z.object({ enabled: z.boolean() }),
  }),
  'account.secure-disable': () => method({
    doc: 'Turns 2FA off; needs a current code from the app.',
    access: 'user',
    input: z.object({ code: totpCode() }),
    output: z.object({ enabled: z.boolean() }),
  }),
};
