import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toHash } from '../../src/core/hash-id.ts';
import { CASE_COUNTS, formatScheme, isDuplicateScheme, parseScheme, schemeRounds } from '../../src/core/scheme.ts';

describe('parseScheme', () => {
  test('reads case and count pairs, normalising hashes to the full form', () => {
    expect(parseScheme('SF12-5-SF0000000040-1')).toEqual({
      ok: true,
      entries: [
        { box: 'SF0000000012', count: 5 },
        { box: 'SF0000000040', count: 1 },
      ],
    });
  });

  test('an odd number of parts is refused', () => {
    expect(parseScheme('SF12-5-SF40')).toEqual({ ok: false, error: 'Scheme needs a count after every case' });
  });

  test('a count outside 1, 5, 10, 20, 50, 100 is refused', () => {
    for (const count of ['2', '0', '5.0', '05', 'x', '', '1e2']) {
      expect(parseScheme(`SF12-${count}`)).toEqual({ ok: false, error: `Invalid case count ${count}` });
    }
  });

  test('a part that is not a case hash is refused', () => {
    expect(parseScheme('XX12-5')).toEqual({ ok: false, error: 'Invalid case hash XX12' });
    expect(parseScheme('SF0-5')).toEqual({ ok: false, error: 'Invalid case hash SF0' });
  });

  test('an empty scheme is refused', () => {
    expect(parseScheme('')).toEqual({ ok: false, error: 'Empty scheme' });
  });

  test('100 rounds in all are allowed and 101 are too many', () => {
    expect(parseScheme('SF1-50-SF2-50').ok).toBe(true);
    expect(parseScheme('SF1-100-SF2-1')).toEqual({ ok: false, error: 'Too many rounds' });
  });

  test('the same case may appear twice as separate entries', () => {
    const result = parseScheme('SF12-1-SF12-5');
    expect(result.ok && result.entries).toEqual([
      { box: 'SF0000000012', count: 1 },
      { box: 'SF0000000012', count: 5 },
    ]);
  });
});

describe('formatScheme and schemeRounds', () => {
  test('entries print as short hashes and counts joined by dashes', () => {
    expect(formatScheme([{ box: 'SF0000000012', count: 5 }, { box: 'SF0000000040', count: 1 }])).toBe('SF12-5-SF40-1');
  });

  test('an entry that is not a case hash cannot be printed', () => {
    expect(() => formatScheme([{ box: 'nope', count: 1 }])).toThrow(RangeError);
  });

  test('rounds list each case once per count, in order', () => {
    expect(schemeRounds([{ box: 'SF0000000012', count: 2 }, { box: 'SF0000000040', count: 1 }])).toEqual([
      'SF0000000012',
      'SF0000000012',
      'SF0000000040',
    ]);
  });

  test('printing then parsing any valid scheme gives the same entries', () => {
    const entry = fc.record({ box: fc.integer({ min: 1, max: 9_999_999_999 }).map(toHash), count: fc.constantFrom(...CASE_COUNTS) });
    const entries = fc.array(entry, { minLength: 1, maxLength: 10 }).filter((list) => schemeRounds(list).length <= 100);
    fc.assert(
      fc.property(entries, (list) => {
        expect(parseScheme(formatScheme(list))).toEqual({ ok: true, entries: list });
      }),
    );
  });
});

describe('isDuplicateScheme', () => {
  test('a scheme naming a case twice is a duplicate, whatever form the hash takes', () => {
    expect(isDuplicateScheme('SF12-1-SF12-5')).toBe(true);
    expect(isDuplicateScheme('SF12-1-SF0000000012-5')).toBe(true);
  });

  test('distinct cases are not a duplicate', () => {
    expect(isDuplicateScheme('SF12-1-SF13-5')).toBe(false);
  });

  test('a scheme with an odd number of parts is not a duplicate', () => {
    expect(isDuplicateScheme('SF12-1-SF12')).toBe(false);
  });
});
