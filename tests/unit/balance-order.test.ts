import { describe, expect, test } from 'vitest';
import { createBalanceOrder } from '../../src/features/wallet/balance/balance-order.ts';
import { toHash } from '../../src/core/hash-id.ts';

describe('pushed balance order', () => {
  test('changes in commit order are shown, each one', () => {
    const verdict = createBalanceOrder();
    expect([41, 42, 57].map((id) => verdict(toHash(id)))).toEqual(['show', 'show', 'show']);
  });

  test('an older change arriving after a newer one asks for a fresh read instead of showing its balance', () => {
    const verdict = createBalanceOrder();
    expect(verdict(toHash(120))).toBe('show');
    expect(verdict(toHash(118))).toBe('refetch');
    // The newer one still stands as the mark: the next in order shows.
    expect(verdict(toHash(119))).toBe('refetch');
    expect(verdict(toHash(121))).toBe('show');
  });

  test('a change whose hash names no entry asks for a fresh read', () => {
    const verdict = createBalanceOrder();
    expect(verdict('not-a-hash')).toBe('refetch');
    expect(verdict(toHash(1))).toBe('show');
  });

  test('two clients keep their own marks', () => {
    const first = createBalanceOrder();
    const second = createBalanceOrder();
    expect(first(toHash(900))).toBe('show');
    expect(second(toHash(10))).toBe('show');
  });
});
