import { useCallback } from 'react';
import { useManifestPart, type ServerManifest } from '../../connection/index.ts';
import { formatDisplay, useDisplayCurrency } from './display-currency.ts';

const walletRates = (manifest: ServerManifest) => manifest.stats.wallet.rate;

/** Formats coin cents in the player's display currency at the manifest's rate. */
export function useFormatAmount(): (coinCents: number) => string {
  const currency = useDisplayCurrency();
  const rates = useManifestPart(walletRates);
  return useCallback((coinCents: number) => formatDisplay(coinCents, currency, rates), [currency, rates]);
}
