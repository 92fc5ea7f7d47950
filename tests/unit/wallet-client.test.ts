import { describe, expect, test } from 'vitest';
import { formatDisplay, toDisplayCents } from '../../src/features/wallet/balance/display-currency.ts';
import { paymentNoticeType } from '../../src/features/wallet/balance/payment-notices.ts';
import { encodeQr } from '../../src/ui/qr-code.ts';
import {
  canLock, canWithdraw, clampVaultAmount, vaultAllAmount, vaultCentsOf, vaultStatus, vaultTextOf, vaultTitle, vaultUpperBound,
} from '../../src/features/wallet/vault/vault-rules.ts';

describe('QR encoder', () => {
  test('a payment URI gets the smallest version at level M, with finder patterns in three corners', () => {
    const qr = encodeQr('bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')!;
    expect(qr).toMatchObject({ version: 4, level: 'M', size: 33 });
    const finderRow = [true, true, true, true, true, true, true];
    expect(qr.dark[0]!.slice(0, 7)).toEqual(finderRow);
    expect(qr.dark[0]!.slice(26, 33)).toEqual(finderRow);
    expect(qr.dark[32]!.slice(0, 7)).toEqual(finderRow);
    // The dark module beside the lower-left finder is always set.
    expect(qr.dark[qr.size - 8]![8]).toBe(true);
  });

  test('text past version 10 at level L is refused', () => {
    expect(encodeQr('x'.repeat(271))?.version).toBe(10);
    expect(encodeQr('x'.repeat(272))).toBeNull();
  });
});

describe('vault rules', () => {
  const now = 1_700_000_000_000;
  test('status and title follow the amount and the lock', () => {
    expect(vaultStatus({ amount: 0, lock_time: 0 }, now)).toBe('empty');
    expect(vaultStatus({ amount: 500, lock_time: now / 1000 - 1 }, now)).toBe('opened');
    expect(vaultStatus({ amount: 500, lock_time: now / 1000 + 60 }, now)).toBe('closed');
    expect(['empty', 'opened', 'closed'].map((s) => vaultTitle(s as 'empty'))).toEqual(['Vault', 'Vault opened', 'Vault locked']);
  });

  test('lock is offered only for an opened vault of a player who is not sponsored; withdraw only when opened', () => {
    expect(canLock('opened', false)).toBe(true);
    expect(canLock('opened', true)).toBe(false);
    expect(canLock('closed', false)).toBe(false);
    expect(canLock('empty', false)).toBe(false);
    expect(canWithdraw('closed')).toBe(false);
    expect(canWithdraw('empty')).toBe(false);
  });

  test('bounds: 0.01 coins up to the larger of balance and vault, at most 10000 coins', () => {
    expect(vaultUpperBound(5_000, 9_000)).toBe(9_000);
    expect(vaultUpperBound(5_000_000, 0)).toBe(1_000_000);
    expect(clampVaultAmount(0, 9_000)).toBe(1);
    expect(clampVaultAmount(20_000, 9_000)).toBe(9_000);
    expect(clampVaultAmount(100, 0)).toBe(0);
  });

  test('all takes the balance while locked, else the larger of balance and vault', () => {
    expect(vaultAllAmount(3_000, 8_000, 'closed')).toBe(3_000);
    expect(vaultAllAmount(3_000, 8_000, 'opened')).toBe(8_000);
  });

  test('typed coins keep two decimals, truncated', () => {
    expect(vaultCentsOf('12.345')).toBe(1_234);
    expect(vaultCentsOf('.5')).toBe(50);
    expect(vaultCentsOf('')).toBeNull();
    expect(vaultTextOf(1_234)).toBe('12.34');
    expect(vaultTextOf(1_250)).toBe('12.5');
    expect(vaultTextOf(1_200)).toBe('12');
  });
});

describe('display currency', () => {
  const rates = { SFC: 1, USD: 1, EUR: 1.08 };
  test('amounts are divided by the rate and a positive amount shows at least a cent', () => {
    expect(formatDisplay(100_000, 'SFC', rates)).toBe('1,000.00');
    expect(formatDisplay(100_000, 'USD', rates)).toBe('$1,000.00');
    expect(formatDisplay(100_000, 'EUR', rates)).toBe('€925.92');
    expect(formatDisplay(-500, 'EUR', rates)).toBe('-€4.62');
    expect(toDisplayCents(1, 1.08)).toBe(1);
  });

  test('without a manifest rate amounts stay in coins', () => {
    expect(formatDisplay(12_345, 'EUR', undefined)).toBe('123.45');
  });
});

describe('payment notices', () => {
  test('a completed deposit and a new withdrawal leave the toast to the balance change', () => {
    expect(paymentNoticeType({ type: 'deposit', status: 'completed' })).toBeNull();
    expect(paymentNoticeType({ type: 'withdraw', status: 'pending' })).toBeNull();
    expect(paymentNoticeType({ type: 'deposit', status: 'waiting' })).toBeNull();
  });

  test('pending and declined deposits and declined withdrawals raise their notices', () => {
    expect(paymentNoticeType({ type: 'deposit', status: 'pending' })).toBe('new_deposit');
    expect(paymentNoticeType({ type: 'deposit', status: 'declined' })).toBe('declined_deposit');
    expect(paymentNoticeType({ type: 'withdraw', status: 'declined' })).toBe('declined_withdraw');
  });
});
