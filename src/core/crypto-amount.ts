// Crypto amounts as whole smallest units (satoshi-like) with each currency's decimals
// (document 2 section 5: BTC 8, LTC 8, ETH 8, USDT 6, USDC 6), and their conversion to
// coin cents at a rate. Products run in BigInt so that no float ever touches money.
import { CURRENCY_DECIMALS, type CryptoCurrency } from './money.ts';

/** Whether a code is one of the wallet's crypto currencies, written in upper case (BTC). */
export function isCryptoCurrency(code: string): code is CryptoCurrency {
  return Object.hasOwn(CURRENCY_DECIMALS, code);
}

/** Decimals of a crypto currency code in upper case. */
export function decimalsOf(currency: CryptoCurrency): number {
  return CURRENCY_DECIMALS[currency];
}

/**
 * Smallest units of typed crypto text: "0.001" at 8 decimals is 100000. Null for empty text,
 * letters, signs, exponents, more decimals than the currency has, or a value past safe integers.
 */
export function parseUnits(text: string, decimals: number): number | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if ((whole === '' && fraction === '') || fraction.length > decimals) return null;
  const units = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : null;
}

/** Units as text with every decimal of the currency: 100000 at 8 decimals is "0.00100000". */
export function formatUnits(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`units must be a non-negative integer, got ${units}`);
  if (decimals === 0) return String(units);
  const digits = String(units).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Coin cents per whole unit of a currency, from a manifest rate in coins per unit (two decimals at most). */
export function rateInCents(coinsPerUnit: number): number {
  const cents = Math.round(coinsPerUnit * 100);
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`not a rate: ${coinsPerUnit}`);
  return cents;
}

/** Units that `cents` of coins buy at `rateCents` per whole unit, rounded down (the player never gets more than paid for). */
export function coinsToUnits(cents: number, rateCents: number, decimals: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents must be a non-negative integer, got ${cents}`);
  return Number((BigInt(cents) * 10n ** BigInt(decimals)) / BigInt(rateCents));
}

/** Coin cents that `units` are worth at `rateCents` per whole unit, rounded down to the cent. */
export function unitsToCoins(units: number, rateCents: number, decimals: number): number {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`units must be a non-negative integer, got ${units}`);
  const cents = (BigInt(units) * BigInt(rateCents)) / 10n ** BigInt(decimals);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount past safe integers');
  return Number(cents);
}
