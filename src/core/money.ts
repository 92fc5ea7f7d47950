// Amounts are integer cents everywhere; coins = cents / 100 (docs/design.md section 5). Text is
// parsed digit by digit, never through float multiplication, so 0.29 coins is 29 cents.
import type { CryptoCurrency as WireCryptoCurrency } from '../contract/currencies.ts';

/** Decimals each crypto currency is entered and shown with (document 2, section 5). */
export const CURRENCY_DECIMALS = { BTC: 8, LTC: 8, ETH: 8, USDT: 6, USDC: 6 } as const satisfies Record<Uppercase<WireCryptoCurrency>, number>;

/** A crypto currency with known decimals: the contract's CryptoCurrency in upper case. */
export type CryptoCurrency = keyof typeof CURRENCY_DECIMALS;

/** The upper-case code of a wire currency (btc -> BTC). */
export function cryptoCode(currency: WireCryptoCurrency): CryptoCurrency {
  return currency.toUpperCase() as CryptoCurrency;
}

/** Upper bounds in coins of the balance-change sound tiers; larger changes are the last tier. */
export const BALANCE_SOUND_TIERS = [1, 2, 5, 10, 25, 50, 100, 150, 200] as const;

const COMPACT_UNITS = [
  { coins: 1e9, suffix: 'B' },
  { coins: 1e6, suffix: 'M' },
  { coins: 1e3, suffix: 'k' },
] as const;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function wholeCents(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError(`not an amount: ${cents}`);
  return Math.round(cents);
}

/** Coins for display: 100000 -> "1,000.00", -5 -> "-0.05"; a fractional cent is rounded. */
export function formatCoins(cents: number): string {
  const value = wholeCents(cents);
  const abs = Math.abs(value);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${groupThousands(String(Math.floor(abs / 100)))}.${fraction}`;
}

/**
 * A count for display with its thousands grouped: 12345 -> "12,345", -1200 -> "-1,200"; a
 * fraction is rounded. Number#toLocaleString('en-US') says the same but builds a number
 * formatter on every call: a case page's forty item cards took 90 ms of a phone's render
 * (6x CPU) in it (docs/decisions/0053).
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return String(count);
  const value = Math.round(count);
  return `${value < 0 ? '-' : ''}${groupThousands(String(Math.abs(value)))}`;
}

function formatHundredths(hundredths: number): string {
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  const whole = groupThousands(String(Math.floor(hundredths / 100)));
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * Coins in a tight space: k, M, B from 1e3, 1e6, 1e9 coins, at most two decimals, trailing
 * zeros dropped (150000 -> "1.5k", 1250 -> "12.5"). Digits past the second are cut, not
 * rounded, so a balance never reads higher than it is and 999,999 coins is "999.99k", not "1000k".
 */
export function formatCompact(cents: number): string {
  const value = wholeCents(cents);
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const unit of COMPACT_UNITS) {
    // One hundredth of a unit is unit.coins cents, so this division stays in whole numbers.
    if (abs >= unit.coins * 100) return `${sign}${formatHundredths(Math.floor(abs / unit.coins))}${unit.suffix}`;
  }
  return `${sign}${formatHundredths(abs)}`;
}

/**
 * Cents from typed coins: "12", "12.3", "12,34", ".5", "1,234.50" (commas group thousands only
 * before a dot). Null for empty text, letters, signs, more than two decimals or an ambiguous "1,000".
 */
export function parseCoinsToCents(text: string): number | null {
  const trimmed = text.trim();
  const grouped = /^\d{1,3}(?:,\d{3})+\.\d{1,2}$/.test(trimmed);
  const match = /^(\d*)(?:[.,](\d{0,2}))?$/.exec(grouped ? trimmed.replaceAll(',', '') : trimmed);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Options of {@link cleanAmountInput}: decimals kept and integer digits allowed without a dot. */
export type AmountCleanerOptions = { decimals?: number; maxIntegerDigits?: number };

function digitsAndDots(text: string): string {
  return text.replaceAll(',', '.').replace(/[^\d.]/g, '');
}

// Keeps the first dot of digits-and-dots text and at most `decimals` digits after it.
function limitDecimals(text: string, decimals: number): string {
  const dot = text.indexOf('.');
  if (dot === -1) return text;
  const whole = text.slice(0, dot);
  if (decimals <= 0) return whole;
  return `${whole}.${text.slice(dot + 1).replaceAll('.', '').slice(0, decimals)}`;
}

/**
 * Cleans an amount field as it is typed (document 2, section 5): digits and one dot only (a comma
 * is a dot), no leading dot, at most `decimals` decimals, at most `maxIntegerDigits` digits while
 * there is no dot. The spec caps the integer part only when there is no dot; that is kept as is.
 */
export function cleanAmountInput(text: string, { decimals = 3, maxIntegerDigits = 5 }: AmountCleanerOptions = {}): string {
  const cleaned = limitDecimals(digitsAndDots(text).replace(/^\.+/, ''), decimals);
  return cleaned.includes('.') ? cleaned : cleaned.slice(0, maxIntegerDigits);
}

/**
 * The number input's filter (document 1, section 5): digits and one decimal point (a comma
 * becomes a point); text without digits becomes empty. `decimals` cuts the fraction, 0 makes it integer only.
 */
export function numericFilter(text: string, decimals: number = Number.POSITIVE_INFINITY): string {
  return /\d/.test(text) ? limitDecimals(digitsAndDots(text), decimals) : '';
}

/** Sponsored part of a partner balance: round(balance * borrow) cents. */
export function sponsoredCents(balanceCents: number, borrow: number): number {
  return Math.round(balanceCents * borrow);
}

/**
 * Withdrawable part of a partner balance. The spec says balance * (1 - borrow); it is taken as
 * balance minus the sponsored part so the two always add up to the balance to the cent.
 */
export function withdrawableCents(balanceCents: number, borrow: number): number {
  return balanceCents - sponsoredCents(balanceCents, borrow);
}

/** Balance-change sound tier 0..9 for a change of `cents` (either sign): up to 1 coin is 0, over 200 is 9. */
export function balanceSoundTier(cents: number): number {
  const abs = Math.abs(cents);
  const tier = BALANCE_SOUND_TIERS.findIndex((coins) => abs <= coins * 100);
  return tier === -1 ? BALANCE_SOUND_TIERS.length : tier;
}

/** Deposit-bonus badge percent from a booster multiplier: 1.05 -> 5, 1.125 -> 12.5 (two decimals at most). */
export function depositBonusPercent(multiplier: number): number {
  return Math.round((multiplier - 1) * 10_000) / 100;
}
