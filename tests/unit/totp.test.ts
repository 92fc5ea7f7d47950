import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  TOTP_DEFAULTS, base32Decode, base32Encode, hotp, isTotpCode, matchTotp, otpauthUri, totp, totpCounter, totpSecret,
} from '../../sim-server/auth/totp.ts';
import type { TotpAlgorithm } from '../../sim-server/auth/totp.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

// RFC 6238 appendix B: the seeds are the ASCII digits repeated to the hash's length.
const SEEDS: Record<TotpAlgorithm, Uint8Array> = {
  SHA1: ascii('12345678901234567890'),
  SHA256: ascii('12345678901234567890123456789012'),
  SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
};
const RFC6238: [seconds: number, algorithm: TotpAlgorithm, code: string][] = [
  [59, 'SHA1', '94287082'], [59, 'SHA256', '46119246'], [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'], [1111111109, 'SHA256', '68084774'], [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'], [1111111111, 'SHA256', '67062674'], [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'], [1234567890, 'SHA256', '91819424'], [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'], [2000000000, 'SHA256', '90698825'], [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'], [20000000000, 'SHA256', '77737706'], [20000000000, 'SHA512', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  test.each(RFC6238)('at %i s with %s the 8-digit code is %s', (seconds, algorithm, code) => {
    expect(totp(SEEDS[algorithm], seconds * 1000, { digits: 8, algorithm })).toBe(code);
  });

  test('the RFC 4226 HOTP vectors hold for counters 0 to 9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SEEDS.SHA1, counter))).toEqual(expected);
  });

  test('defaults are what authenticator apps assume: SHA-1, six digits, 30 seconds', () => {
    expect(TOTP_DEFAULTS).toEqual({ step: 30, digits: 6, algorithm: 'SHA1' });
    expect(totp(SEEDS.SHA1, 59_000)).toBe('287082');
    expect(totpCounter(59_999)).toBe(1);
    expect(totpCounter(60_000)).toBe(2);
  });

  test('a code matches its own step and one step either side, and answers the step it matched', () => {
    const key = SEEDS.SHA1;
    const at = 1_700_000_015_000;
    const step = totpCounter(at);
    expect(matchTotp(key, totp(key, at), at)).toBe(step);
    expect(matchTotp(key, totp(key, at - 30_000), at)).toBe(step - 1);
    expect(matchTotp(key, totp(key, at + 30_000), at)).toBe(step + 1);
    expect(matchTotp(key, totp(key, at - 60_000), at)).toBeNull();
    expect(matchTotp(key, totp(key, at + 60_000), at)).toBeNull();
  });

  test('codes that are not six digits never match', () => {
    const at = 1_700_000_000_000;
    const code = totp(SEEDS.SHA1, at);
    for (const bad of ['', `${code}0`, code.slice(1), ` ${code}`, 'abcdef', '12 456']) expect(matchTotp(SEEDS.SHA1, bad, at)).toBeNull();
    expect(isTotpCode(code)).toBe(true);
    expect(isTotpCode('12345a')).toBe(false);
  });
});

describe('base32 (RFC 4648)', () => {
  test.each([
    ['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI'],
  ])('%j encodes to %j without padding', (text, encoded) => {
    expect(base32Encode(ascii(text))).toBe(encoded);
    expect(base32Decode(encoded)).toEqual(ascii(text));
  });

  test('decoding forgives lower case, spaces, dashes and padding, and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb-oi======')).toEqual(ascii('foobar'));
    expect(base32Decode('MZXW1')).toBeNull();
    expect(base32Decode('MZXW8')).toBeNull();
  });

  test('any bytes survive a round trip', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }), { seed: 6238 });
  });
});

describe('secrets and setup', () => {
  test('a new secret is 160 bits of the random source in base32', () => {
    const secret = totpSecret((bytes) => bytes.fill(0xff));
    expect(secret).toBe('7'.repeat(32));
    expect(base32Decode(secret)).toHaveLength(20);
  });

  test('the otpauth URI names the issuer, account and the default parameters', () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'some player', issuer: 'Arena' });
    expect(uri).toBe('otpauth://totp/Arena:some%20player?secret=JBSWY3DPEHPK3PXP&issuer=Arena&algorithm=SHA1&digits=6&period=30');
  });
});
