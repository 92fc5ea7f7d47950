/** The wallet's crypto currencies (document 2 section 2), in lower case as the wire and the routes write them. */
export const CRYPTO_CURRENCIES = ['btc', 'eth', 'ltc', 'usdt', 'usdc'] as const;

/** One of the wallet's crypto currencies (core's CryptoCurrency is the same set in upper case). */
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

/** The crypto currency a code names (a route segment, a payment's method), or null. */
export function cryptoCurrencyOf(code: string): CryptoCurrency | null {
  return CRYPTO_CURRENCIES.find((currency) => currency === code) ?? null;
}
