/**
 * The currency amounts are shown in (document 2 section 3 'Currency state'): SFC coins by
 * default, or USD or EUR at the manifest's rate (coins per unit). Only the display changes:
 * every amount stays coin cents on the wire and in the ledger. Kept in localStorage so the
 * header reads it at first paint.
 */
import { formatCoins } from '../../../core/money.ts';
import { createStore } from '../../../ui/store.ts';

/** Currencies amounts can be shown in. */
export const DISPLAY_CURRENCIES = ['SFC', 'USD', 'EUR'] as const;
/** One display currency. */
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

const KEY = 'display_currency';
const SYMBOLS: Record<DisplayCurrency, string> = { SFC: '', USD: '$', EUR: '€' };

function readStored(): DisplayCurrency {
  try {
    const value = localStorage.getItem(KEY);
    return DISPLAY_CURRENCIES.find((currency) => currency === value) ?? 'SFC';
  } catch {
    return 'SFC';
  }
}

const store = createStore<DisplayCurrency>(typeof localStorage === 'undefined' ? 'SFC' : readStored());

/** The chosen display currency, following changes. */
export const useDisplayCurrency = store.use;

/** Chooses the display currency (the settings' selector). */
export function setDisplayCurrency(currency: DisplayCurrency): void {
  store.set(currency);
  try {
    localStorage.setItem(KEY, currency);
  } catch {
    // No storage: the choice lasts for this visit.
  }
}

/**
 * Cents of a display currency for coin cents at `rate` coins per unit, truncated; a positive
 * amount shows at least 1 cent (spec), so a tiny balance never reads as zero.
 */
export function toDisplayCents(coinCents: number, rate: number): number {
  if (!(rate > 0) || rate === 1) return coinCents;
  const converted = Math.trunc(coinCents / rate);
  return coinCents > 0 && converted === 0 ? 1 : converted;
}

/** An amount of coin cents as the player reads it: "1,000.00" in SFC, "$1,000.00", "€925.92". */
export function formatDisplay(coinCents: number, currency: DisplayCurrency, rates: Readonly<Record<string, number>> | undefined): string {
  const rate = currency === 'SFC' ? 1 : rates?.[currency];
  // Without a rate yet (no manifest), coins are the honest answer.
  if (rate === undefined) return formatCoins(coinCents);
  const text = formatCoins(toDisplayCents(coinCents, rate));
  const symbol = SYMBOLS[currency];
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}
