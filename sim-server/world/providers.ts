/**
 * The sim's payment providers as the outside world: what each chain, card processor, gift
 * card shop and skins service does and how long it takes. Pure data and pure functions;
 * sim-server/domains/payments drives them with config.now() and stores what happened.
 *
 * Timings are those of real rails, shortened so that a developer sees a deposit through in
 * a minute or two (real BTC blocks are 10 minutes apart):
 * - crypto deposits are pending from the first sighting and complete at the chain's
 *   confirmations, one per sim block (BTC 2 x 60 s, LTC 4 x 30 s, ETH/USDT/USDC 6 x 15 s);
 *   below the minimum or failing the provider's screening, they are declined instead.
 * - crypto withdrawals are broadcast and complete WITHDRAW_PROCESSING_MS after they are made.
 * - card deposits (instaxchange) settle CARD_SETTLEMENT_MS after the card is charged;
 *   invoices nobody pays expire after INVOICE_TTL_MS.
 * - skins deposits (skinsback) complete SKINS_TRADE_MS after the trade offer is sent.
 * - gift cards credit at once when their code is redeemed.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { CARD_DEPOSIT_LIMITS, WITHDRAW_LIMITS, type PaymentMethod, type z } from '../../src/contract/index.ts';
import { coinsToUnits, depositAddressFor, formatUnits, parseUnits, rateInCents, unitsToCoins } from '../../src/core/index.ts';
import { CURRENCY_DECIMALS, type CryptoCurrency } from '../../src/core/money.ts';
import { CRYPTO_RATES } from './manifest.ts';
import { GIFT_CARD_VALUES } from './providers-shops.ts';

/** The name crypto calls pass as `provider`. */
export const CRYPTO_PROVIDER = 'crypto';

/** One sim chain. Amounts in the currency's smallest units. */
export interface Chain {
  currency: CryptoCurrency;
  name: string;
  /** URI scheme of the QR code. */
  scheme: 'bitcoin' | 'litecoin' | 'ethereum';
  blockMs: number;
  confirmations: number;
  /** Smallest deposit credited. */
  minDeposit: string;
  /** Network fee kept from each withdrawal. */
  fee: string;
}

/** The five chains of document 2 section 2 (USDT and USDC as ERC-20 tokens on the ETH chain). */
export const CHAINS: Record<CryptoCurrency, Chain> = {
  BTC: { currency: 'BTC', name: 'Bitcoin', scheme: 'bitcoin', blockMs: 60_000, confirmations: 2, minDeposit: '0.0001', fee: '0.00002' },
  ETH: { currency: 'ETH', name: 'Ethereum', scheme: 'ethereum', blockMs: 15_000, confirmations: 6, minDeposit: '0.002', fee: '0.0003' },
  LTC: { currency: 'LTC', name: 'Litecoin', scheme: 'litecoin', blockMs: 30_000, confirmations: 4, minDeposit: '0.01', fee: '0.0001' },
  USDT: { currency: 'USDT', name: 'USDT', scheme: 'ethereum', blockMs: 15_000, confirmations: 6, minDeposit: '5', fee: '1' },
  USDC: { currency: 'USDC', name: 'USDC', scheme: 'ethereum', blockMs: 15_000, confirmations: 6, minDeposit: '5', fee: '1' },
};

/** A crypto withdrawal is broadcast and confirmed this long after it is made. */
export const WITHDRAW_PROCESSING_MS = 60_000;
/** A charged card deposit settles (the processor buys and sends the crypto) after this long. */
export const CARD_SETTLEMENT_MS = 20_000;
/** An unpaid card invoice expires after this long. */
export const INVOICE_TTL_MS = 30 * 60_000;
/** A skins trade offer is accepted and checked after this long. */
export const SKINS_TRADE_MS = 30_000;
/** How long a skins widget link stays valid. */
export const SKINS_WIDGET_TTL_MS = 60 * 60_000;

/** The reason a declined payment records; the client shows the spec's payment-declined text for any. */
export const DeclineReason = {
  SCREENING: 'Incoming funds failed the provider verification',
  BELOW_MINIMUM: 'Below the minimum deposit',
  CARD_DECLINED: 'The card issuer declined the payment',
  TRADE_FAILED: 'The trade offer was not accepted',
  MANUAL: 'Declined by the provider',
  WITHDRAW_REJECTED: 'The provider rejected the withdrawal',
} as const;

/** Coin cents per whole unit of a crypto currency, from the manifest's rate. */
export function chainRateCents(currency: CryptoCurrency): number {
  return rateInCents(CRYPTO_RATES[currency]);
}

/** Units of typed text in a currency (null when it is not an amount of that currency). */
export function unitsOf(currency: CryptoCurrency, text: string): number | null {
  return parseUnits(text, CURRENCY_DECIMALS[currency]);
}

/** Units as text with the currency's decimals. */
export function unitsText(currency: CryptoCurrency, units: number): string {
  return formatUnits(units, CURRENCY_DECIMALS[currency]);
}

/** What `units` of a currency credit in coin cents. */
export function creditFor(currency: CryptoCurrency, units: number): number {
  return unitsToCoins(units, chainRateCents(currency), CURRENCY_DECIMALS[currency]);
}

/** What `cents` of coins send in a currency, before the network fee. */
export function unitsFor(currency: CryptoCurrency, cents: number): number {
  return coinsToUnits(cents, chainRateCents(currency), CURRENCY_DECIMALS[currency]);
}

/** Smallest deposit and network fee of a chain in units. */
export function chainLimits(currency: CryptoCurrency): { minDeposit: number; fee: number } {
  const chain = CHAINS[currency];
  return { minDeposit: unitsOf(currency, chain.minDeposit)!, fee: unitsOf(currency, chain.fee)! };
}

/**
 * The deposit address of a player for a currency: the provider derives it from its own key,
 * so the same player and currency always get the same address and nobody can guess another's.
 */
export function deriveDepositAddress(key: Uint8Array, userId: number, currency: CryptoCurrency): string {
  const digest = createHmac('sha256', key).update(`deposit-address:${userId}:${currency}`).digest();
  return depositAddressFor(currency, digest.subarray(0, 20));
}

/** A chain transaction id: 64 hex digits, 0x-prefixed on the EVM chains. */
export function newTxHash(currency: CryptoCurrency): string {
  const hex = randomBytes(32).toString('hex');
  return CHAINS[currency].scheme === 'ethereum' ? `0x${hex}` : hex;
}

/** Confirmations a transfer seen at `seenAt` has at `now`, capped at what the chain asks for. */
export function confirmationsAt(currency: CryptoCurrency, seenAt: number, now: number): number {
  const chain = CHAINS[currency];
  return Math.min(chain.confirmations, Math.max(0, Math.floor((now - seenAt) / chain.blockMs)));
}

/** When a transfer seen at `seenAt` gets its next confirmation. */
export function nextBlockAt(currency: CryptoCurrency, seenAt: number, confirmations: number): number {
  return seenAt + (confirmations + 1) * CHAINS[currency].blockMs;
}

const GIFT_CARD_NAMES = {
  applepay: 'Apple Pay', paypal: 'PayPal', visamaster: 'Visa & Mastercard', mastercard: 'Mastercard', visa: 'Visa',
  paysafecard: 'paysafecard', neteller: 'Neteller', gpay: 'Google Pay',
} as const;

/** Display name of a gift-card brand. */
export function giftCardName(method: keyof typeof GIFT_CARD_NAMES): string {
  return GIFT_CARD_NAMES[method];
}

type Method = z.output<typeof PaymentMethod>;

let methods: readonly Method[] | undefined;

/**
 * Every deposit and withdrawal method, in the order the wallet page lists them (document 2
 * section 2). Rates and bounds are fixed for the process, so the list is built once.
 */
export function paymentMethods(): readonly Method[] {
  return (methods ??= buildPaymentMethods());
}

function buildPaymentMethods(): Method[] {
  const crypto = (Object.values(CHAINS) as Chain[]).map((chain): Method => {
    const { minDeposit } = chainLimits(chain.currency);
    return {
      method: chain.currency.toLowerCase(),
      group: 'crypto',
      provider: CRYPTO_PROVIDER,
      name: chain.name,
      currency: chain.currency,
      precision: CURRENCY_DECIMALS[chain.currency],
      rate: CRYPTO_RATES[chain.currency],
      deposit: { min: creditFor(chain.currency, minDeposit), max: null },
      withdraw: { ...WITHDRAW_LIMITS },
      confirmations: chain.confirmations,
    };
  });
  const offChain = (method: string, group: Method['group'], provider: string, name: string, deposit: Method['deposit']): Method => ({
    method, group, provider, name, currency: 'USD', precision: 2, rate: 1, deposit, withdraw: null, confirmations: 0,
  });
  return [
    ...crypto,
    offChain('visa', 'card', 'instaxchange', 'Visa', { ...CARD_DEPOSIT_LIMITS }),
    offChain('mastercard', 'card', 'instaxchange', 'Mastercard', { ...CARD_DEPOSIT_LIMITS }),
    ...(Object.keys(GIFT_CARD_NAMES) as (keyof typeof GIFT_CARD_NAMES)[]).map((method) =>
      offChain(method, 'giftcard', 'giftcard', `${GIFT_CARD_NAMES[method]} gift card`, { min: GIFT_CARD_VALUES[0] * 100, max: GIFT_CARD_VALUES.at(-1)! * 100 })),
    offChain('skinsback', 'skins', 'skinsback', 'Skins', { min: 1, max: null }),
    offChain('cs2', 'other', 'skinsback', 'CS2 skins', { min: 1, max: null }),
  ];
}

/**
 * Whether the card processor declines a card number: like processors' test cards, numbers
 * ending 0002 are declined by the issuer; every other number is charged.
 */
export function cardDeclined(cardNumber: string): boolean {
  return cardNumber.replace(/\D/g, '').endsWith('0002');
}
