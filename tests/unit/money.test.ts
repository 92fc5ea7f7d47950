import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CURRENCY_DECIMALS,
  balanceSoundTier,
  cleanAmountInput,
  depositBonusPercent,
  formatCoins,
  formatCompact,
  formatCount,
  numericFilter,
  parseCoinsToCents,
  sponsoredCents,
  withdrawableCents,
} from '../../src/core/money.ts';

describe('formatCount', () => {
  test('a count shows with comma thousands, as en-US writes it', () => {
    for (const count of [0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, -1_200, Number.MAX_SAFE_INTEGER]) expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  });

  test('a fraction is rounded, and a rounded-away minus does not show', () => {
    expect(formatCount(1_234.6)).toBe('1,235');
    expect(formatCount(-0.4)).toBe('0');
  });

  test('a value that is no number reads as itself rather than breaking the page', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('formatCoins', () => {
  test('cents show as coins with two decimals and comma thousands', () => {
    expect(formatCoins(100_000)).toBe('1,000.00');
    expect(formatCoins(0)).toBe('0.00');
    expect(formatCoins(5)).toBe('0.05');
    expect(formatCoins(123_456_789)).toBe('1,234,567.89');
    expect(formatCoins(99_999)).toBe('999.99');
  });

  test('negative amounts lead with a minus sign', () => {
    expect(formatCoins(-5)).toBe('-0.05');
    expect(formatCoins(-123_456)).toBe('-1,234.56');
  });

  test('a fractional cent is rounded and never shows as minus zero', () => {
    expect(formatCoins(12.6)).toBe('0.13');
    expect(formatCoins(-0.2)).toBe('0.00');
  });

  test('NaN and infinity are refused', () => {
    expect(() => formatCoins(Number.NaN)).toThrow(RangeError);
    expect(() => formatCompact(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatCompact', () => {
  test('uses k, M and B from a thousand, a million and a billion coins', () => {
    expect(formatCompact(150_000)).toBe('1.5k');
    expect(formatCompact(100_000)).toBe('1k');
    expect(formatCompact(123_456_700)).toBe('1.23M');
    expect(formatCompact(250_000_000_000)).toBe('2.5B');
  });

  test('below a thousand coins shows up to two decimals without trailing zeros', () => {
    expect(formatCompact(1250)).toBe('12.5');
    expect(formatCompact(700)).toBe('7');
    expect(formatCompact(99_999)).toBe('999.99');
    expect(formatCompact(0)).toBe('0');
  });

  test('cuts rather than rounds, so it never reads more than the amount', () => {
    expect(formatCompact(99_999_999)).toBe('999.99k');
    expect(formatCompact(199_900)).toBe('1.99k');
  });

  test('negative amounts keep their sign', () => {
    expect(formatCompact(-150_000)).toBe('-1.5k');
  });
});

describe('parseCoinsToCents', () => {
  test('reads whole coins, one decimal and two decimals', () => {
    expect(parseCoinsToCents('12')).toBe(1200);
    expect(parseCoinsToCents('12.3')).toBe(1230);
    expect(parseCoinsToCents('12.34')).toBe(1234);
  });

  test('a comma works as the decimal point', () => {
    expect(parseCoinsToCents('12,34')).toBe(1234);
    expect(parseCoinsToCents('0,5')).toBe(50);
  });

  test('amounts that float multiplication gets wrong come out exact', () => {
    expect(parseCoinsToCents('0.29')).toBe(29);
    expect(parseCoinsToCents('1.15')).toBe(115);
    expect(parseCoinsToCents('4.35')).toBe(435);
  });

  test('a leading or trailing point and surrounding spaces are tolerated', () => {
    expect(parseCoinsToCents('.5')).toBe(50);
    expect(parseCoinsToCents('12.')).toBe(1200);
    expect(parseCoinsToCents(' 7 ')).toBe(700);
  });

  test('letters, signs, three decimals, a bare point and empty text give null', () => {
    for (const bad of ['', ' ', '.', 'abc', '12a', '-5', '+5', '1.234', '1e3', '1.2.3', '1,000']) {
      expect(parseCoinsToCents(bad)).toBeNull();
    }
  });

  test('a formatted amount with thousands separators reads back', () => {
    expect(parseCoinsToCents('1,234,567.89')).toBe(123_456_789);
  });

  test('amounts too large to hold exactly give null', () => {
    expect(parseCoinsToCents('99999999999999999')).toBeNull();
  });

  test('parsing what formatCoins printed gives the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseCoinsToCents(formatCoins(cents))).toBe(cents);
      }),
    );
  });

  test('any coins text with up to two decimals reads as exactly those cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 99 }), (coins, hundredths) => {
        expect(parseCoinsToCents(`${coins}.${String(hundredths).padStart(2, '0')}`)).toBe(coins * 100 + hundredths);
      }),
    );
  });
});

describe('cleanAmountInput', () => {
  test('strips everything but digits and the decimal point', () => {
    expect(cleanAmountInput('a1b2c')).toBe('12');
    expect(cleanAmountInput('$ 1 2')).toBe('12');
  });

  test('a comma becomes a dot and only the first dot stays', () => {
    expect(cleanAmountInput('1,5')).toBe('1.5');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
  });

  test('keeps three decimals by default and a chosen number when asked', () => {
    expect(cleanAmountInput('1.23456')).toBe('1.234');
    expect(cleanAmountInput('1.23456', { decimals: 8 })).toBe('1.23456');
    expect(cleanAmountInput('1.23456', { decimals: 2 })).toBe('1.23');
    expect(cleanAmountInput('1.5', { decimals: 0 })).toBe('1');
  });

  test('caps integer digits at five while there is no dot', () => {
    expect(cleanAmountInput('1234567')).toBe('12345');
    expect(cleanAmountInput('1234567', { maxIntegerDigits: 3 })).toBe('123');
    expect(cleanAmountInput('1234567.5')).toBe('1234567.5');
  });

  test('removes leading dots', () => {
    expect(cleanAmountInput('.5')).toBe('5');
    expect(cleanAmountInput('..,5')).toBe('5');
  });

  test('a trailing dot is kept so the user can keep typing', () => {
    expect(cleanAmountInput('12.')).toBe('12.');
  });

  test('its output is already clean', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = cleanAmountInput(text);
        expect(cleanAmountInput(once)).toBe(once);
        expect(once).toMatch(/^(\d{0,5}|\d+\.\d{0,3})$/);
      }),
    );
  });
});

describe('numericFilter', () => {
  test('keeps digits and one decimal point, a comma becoming a point', () => {
    expect(numericFilter('12,5')).toBe('12.5');
    expect(numericFilter('1.2.3')).toBe('1.23');
    expect(numericFilter('a1b')).toBe('1');
  });

  test('text without digits becomes empty', () => {
    expect(numericFilter('abc')).toBe('');
    expect(numericFilter('.')).toBe('');
    expect(numericFilter('')).toBe('');
  });

  test('limits decimals when asked and drops the fraction for integer-only inputs', () => {
    expect(numericFilter('1.239', 2)).toBe('1.23');
    expect(numericFilter('1.9', 0)).toBe('1');
  });
});

describe('partner balance split', () => {
  test('sponsored is the rounded balance times borrow', () => {
    expect(sponsoredCents(1001, 0.5)).toBe(501);
    expect(sponsoredCents(1000, 0.25)).toBe(250);
  });

  test('withdrawable is what the sponsored part leaves', () => {
    expect(withdrawableCents(1001, 0.5)).toBe(500);
    expect(withdrawableCents(1000, 0)).toBe(1000);
    expect(withdrawableCents(1000, 1)).toBe(0);
  });

  test('sponsored and withdrawable always add up to the balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (balance, borrow) => {
        expect(sponsoredCents(balance, borrow) + withdrawableCents(balance, borrow)).toBe(balance);
      }),
    );
  });
});

describe('balanceSoundTier', () => {
  test('tiers change right after 1, 2, 5, 10, 25, 50, 100, 150 and 200 coins', () => {
    const bounds = [1, 2, 5, 10, 25, 50, 100, 150, 200];
    bounds.forEach((coins, tier) => {
      expect(balanceSoundTier(coins * 100)).toBe(tier);
      expect(balanceSoundTier(coins * 100 + 1)).toBe(tier + 1);
    });
    expect(balanceSoundTier(0)).toBe(0);
    expect(balanceSoundTier(1_000_000)).toBe(9);
  });

  test('a loss sounds like a gain of the same size', () => {
    expect(balanceSoundTier(-2_600)).toBe(balanceSoundTier(2_600));
  });
});

describe('depositBonusPercent and currency decimals', () => {
  test('a multiplier shows as (multiplier - 1) * 100 percent without float noise', () => {
    expect(depositBonusPercent(1.05)).toBe(5);
    expect(depositBonusPercent(1.1)).toBe(10);
    expect(depositBonusPercent(1.125)).toBe(12.5);
    expect(depositBonusPercent(1)).toBe(0);
  });

  test('crypto currencies carry the spec decimals', () => {
    expect(CURRENCY_DECIMALS).toEqual({ BTC: 8, LTC: 8, ETH: 8, USDT: 6, USDC: 6 });
  });
});
