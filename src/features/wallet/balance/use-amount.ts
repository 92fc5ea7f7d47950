import { useCallback } from 'react';
import { useManifest } from '../../connection/index.ts';
import { formatDisplay, useDisplayCurrency } from './display-currency.ts';

/** Formats coin cents in the player's display currency at the manifest's rate. */
export function useFormatAmount(): (coinCents: number) => string {
  const currency = useDisplayCurrency();
  const rates = useManifest()?.stats.wallet.rate;
  return useCallback((coinCents: number) => formatDisplay(coinCents, currency, rates), [currency, rates]);
}
