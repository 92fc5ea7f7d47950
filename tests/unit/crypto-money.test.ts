import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  INVALID_ADDRESS, coinsToUnits, depositAddressFor, evmAddress, formatUnits, isCryptoAddress, isCryptoCurrency, parseUnits,
  rateInCents, segwitAddress, unitsToCoins, validateCryptoAddress,
} from '../../src/core/index.ts';

describe('crypto amounts', () => {
  test('typed amounts become smallest units with the currency decimals, and back', () => {
    expect(parseUnits('0.001', 8)).toBe(100_000);
    expect(parseUnits('12', 6)).toBe(12_000_000);
    expect(parseUnits('.5', 6)).toBe(500_000);
    expect(parseUnits('1.', 8)).toBe(100_000_000);
    expect(formatUnits(100_000, 8)).toBe('0.00100000');
    expect(formatUnits(12_000_000, 6)).toBe('12.000000');
  });

  test('letters, signs, exponents, empty text and too many decimals are refused', () => {
    for (const bad of ['', '.', 'abc', '1e5', '-1', '+1', '1,5', '0.123456789', '1.2.3', '0x10']) expect(parseUnits(bad, 8)).toBeNull();
    expect(parseUnits('0.1234567', 6)).toBeNull();
    expect(parseUnits('99999999999999999999', 8)).toBeNull();
  });

  test('conversion rounds down both ways, so a round trip never gains a unit or a cent', () => {
    const btc = rateInCents(65_000);
    expect(btc).toBe(6_500_000);
    expect(coinsToUnits(6_500_000, btc, 8)).toBe(100_000_000);
    expect(unitsToCoins(100_000_000, btc, 8)).toBe(6_500_000);
    expect(coinsToUnits(1, btc, 8)).toBe(15);
    expect(unitsToCoins(15, btc, 8)).toBe(0);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(6, 8), (cents, rate, decimals) => {
      expect(unitsToCoins(coinsToUnits(cents, rate, decimals), rate, decimals)).toBeLessThanOrEqual(cents);
    }), { seed: 8 });
  });

  test('crypto currencies are the five of the wallet, in upper case', () => {
    expect(['BTC', 'ETH', 'LTC', 'USDT', 'USDC'].every(isCryptoCurrency)).toBe(true);
    expect(['btc', 'SFC', 'USD', 'DOGE', 'toString'].some(isCryptoCurrency)).toBe(false);
  });
});

describe('crypto addresses', () => {
  test('BTC takes bech32, bech32m and base58check addresses and checks their checksums', () => {
    for (const good of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ]) expect(isCryptoAddress('BTC', good)).toBe(true);
    for (const bad of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bc1qxyz',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ', '',
    ]) expect(isCryptoAddress('BTC', bad)).toBe(false);
    expect(validateCryptoAddress('BTC', 'bc1qxyz')).toBe('Incorrect BTC address');
  });

  test('LTC takes ltc1 segwit and L, M and 3 legacy addresses', () => {
    const program = Uint8Array.from(Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'));
    const segwit = segwitAddress('ltc', program);
    expect(segwit).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
    for (const good of [segwit, 'LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ', 'MJaRnao1s62a2zAKSkmG582KbLKianqb7v']) expect(isCryptoAddress('LTC', good)).toBe(true);
    expect(isCryptoAddress('LTC', `${segwit.slice(0, -1)}${segwit.endsWith('q') ? 'p' : 'q'}`)).toBe(false);
    expect(isCryptoAddress('LTC', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')).toBe(false);
    expect(validateCryptoAddress('LTC', 'nope')).toBe(INVALID_ADDRESS);
  });

  test('ETH and its tokens take 0x and 40 hex digits, with the EIP-55 checksum when the case is mixed', () => {
    for (const good of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(isCryptoAddress('ETH', good)).toBe(true);
      expect(isCryptoAddress('USDT', good.toLowerCase())).toBe(true);
      expect(evmAddress(Uint8Array.from(Buffer.from(good.slice(2), 'hex')))).toBe(good);
    }
    expect(isCryptoAddress('USDC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(validateCryptoAddress('ETH', '0x123')).toBe('Incorrect ETH address');
  });

  test('deposit addresses have each chain\'s shape and pass its own check', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
      expect(depositAddressFor('BTC', bytes)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
      expect(depositAddressFor('LTC', bytes)).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
      expect(depositAddressFor('ETH', bytes)).toMatch(/^0x[0-9a-fA-F]{40}$/);
      for (const currency of ['BTC', 'LTC', 'ETH', 'USDT', 'USDC'] as const) expect(isCryptoAddress(currency, depositAddressFor(currency, bytes))).toBe(true);
    }), { seed: 173, numRuns: 200 });
  });
});
