import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_HASH_NUMBER, expandHash, isHash, parseHash, shortenHash, toHash, toShortHash } from '../../src/core/hash-id.ts';

const idNumber = fc.integer({ min: 1, max: MAX_HASH_NUMBER });

describe('hash ids', () => {
  test('an id number becomes SF, zero padding and the number, 12 characters in all', () => {
    expect(toHash(42)).toBe('SF0000000042');
    expect(toHash(MAX_HASH_NUMBER)).toBe('SF9999999999');
  });

  test('the short form drops the padding', () => {
    expect(toShortHash(42)).toBe('SF42');
  });

  test('numbers that do not fit a hash are refused', () => {
    for (const n of [0, -1, 1.5, MAX_HASH_NUMBER + 1, Number.NaN]) expect(() => toHash(n)).toThrow(RangeError);
    expect(() => toShortHash(0)).toThrow(RangeError);
  });

  test('both forms parse back to the number', () => {
    expect(parseHash('SF0000000042')).toBe(42);
    expect(parseHash('SF42')).toBe(42);
  });

  test('parseHash(toHash(n)) and parseHash(toShortHash(n)) give n back', () => {
    fc.assert(
      fc.property(idNumber, (n) => {
        expect(parseHash(toHash(n))).toBe(n);
        expect(parseHash(toShortHash(n))).toBe(n);
      }),
    );
  });

  test('wrong prefix, lower case, non-digits, overlong, zero and non-strings are not hashes', () => {
    for (const bad of ['XX0000000042', 'sf42', 'SF', 'SF4a', 'SF-42', 'SF 42', 'SF00000000042', 'SF0', 'SF0000000000', '42', '', 42, null]) {
      expect(parseHash(bad)).toBeNull();
    }
  });

  test('only a full 12-character hash passes isHash', () => {
    expect(isHash('SF0000000042')).toBe(true);
    expect(isHash('SF42')).toBe(false);
    expect(isHash('SF0000000000')).toBe(false);
    expect(isHash('SX0000000042')).toBe(false);
    expect(isHash(12)).toBe(false);
  });

  test('isHash holds for every toHash result', () => {
    fc.assert(
      fc.property(idNumber, (n) => {
        expect(isHash(toHash(n))).toBe(true);
      }),
    );
  });

  test('shorten and expand convert between forms and refuse non-hashes', () => {
    expect(shortenHash('SF0000000042')).toBe('SF42');
    expect(shortenHash('SF42')).toBe('SF42');
    expect(expandHash('SF42')).toBe('SF0000000042');
    expect(expandHash('SF0000000042')).toBe('SF0000000042');
    expect(shortenHash('nope')).toBeNull();
    expect(expandHash('SF')).toBeNull();
  });

  test('expanding a shortened hash gives the hash back', () => {
    fc.assert(
      fc.property(idNumber, (n) => {
        expect(expandHash(shortenHash(toHash(n)) ?? '')).toBe(toHash(n));
      }),
    );
  });
});
