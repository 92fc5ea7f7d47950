/** Payment method groups of document 2 section 2, and the currency display names. */
import { CRYPTO_CURRENCIES } from '../../contract/currencies.ts';

/** One way to pay in or out. */
export interface PaymentMethod {
  /** The path segment: /wallet/{id}. */
  id: string;
  name: string;
  /** The currency a deposit through it credits, where it is a currency. */
  currency?: string;
  withdraw?: true;
}

/** A group of methods as the wallet lists them. */
export interface PaymentGroup {
  id: 'crypto' | 'card' | 'gift' | 'skins' | 'other';
  title: string;
  text: string;
  methods: PaymentMethod[];
}

/** Spec: btc Bitcoin, eth Ethereum, ltc Litecoin, usdt USDT, usdc USDC; sfc, usd and eur read Gift-Card. */
export const CURRENCY_NAMES: Record<string, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum',
  ltc: 'Litecoin',
  usdt: 'USDT',
  usdc: 'USDC',
  sfc: 'Gift-Card',
  usd: 'Gift-Card',
  eur: 'Gift-Card',
};

/** The display name of a currency code, any case. */
export function currencyName(code: string): string {
  return CURRENCY_NAMES[code.toLowerCase()] ?? code.toUpperCase();
}

/** The groups in the order the wallet shows them. */
export const PAYMENT_GROUPS: PaymentGroup[] = [
  {
    id: 'crypto',
    title: 'Crypto',
    text: 'Pay to a personal address; coins arrive after the network confirms.',
    methods: CRYPTO_CURRENCIES.map((id) => ({ id, name: currencyName(id), currency: id, withdraw: true as const })),
  },
  {
    id: 'card',
    title: 'Credit card',
    text: 'Visa and Mastercard through our card partner.',
    methods: [{ id: 'visa-mastercard', name: 'Visa / Mastercard' }],
  },
  {
    id: 'gift',
    title: 'Gift cards',
    text: 'Buy a gift card from a store and redeem its code here.',
    methods: [
      { id: 'applepay', name: 'Apple Pay' },
      { id: 'paypal', name: 'PayPal' },
      { id: 'visamaster', name: 'Visa & Mastercard' },
      { id: 'mastercard', name: 'Mastercard' },
      { id: 'visa', name: 'Visa' },
      { id: 'paysafecard', name: 'Paysafecard' },
      { id: 'neteller', name: 'Neteller' },
      { id: 'gpay', name: 'Google Pay' },
    ],
  },
  { id: 'skins', title: 'Skins', text: 'Trade CS2 skins for coins.', methods: [{ id: 'skinsback', name: 'Skinsback' }] },
  { id: 'other', title: 'Other', text: 'Deposit CS2 items directly.', methods: [{ id: 'cs2', name: 'CS2' }] },
];

/** A method by its path segment, or null for one the wallet does not have. */
export function findPaymentMethod(id: string): PaymentMethod | null {
  for (const group of PAYMENT_GROUPS) {
    const method = group.methods.find((m) => m.id === id.toLowerCase());
    if (method) return method;
  }
  return null;
}

/** The group a method belongs to, or null. */
export function groupOfMethod(id: string): PaymentGroup['id'] | null {
  return PAYMENT_GROUPS.find((group) => group.methods.some((m) => m.id === id.toLowerCase()))?.id ?? null;
}
