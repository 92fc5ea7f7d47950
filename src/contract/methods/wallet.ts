import { CRYPTO_CURRENCIES } from '../currencies.ts';
import { method } from '../define.ts';
import { HistoryEntry, Payment, PaymentMethod, PaymentStatus, Wallet } from '../entities.ts';
import { cents, choice, giftCode, list, paging, stamp, successWithCause, text, z } from '../wire.ts';
import { secureCode } from './security.ts';

/** Crypto currencies of the wallet (document 2 section 2), in lower case as the routes write them. */
const cryptoCurrency = () => z.enum(CRYPTO_CURRENCIES);
/** A payment rail: 'crypto' for the crypto calls (PaymentMethod.provider names it). */
const provider = () => text(1, 32);
/** A crypto address; per-chain formats are checked by the server with core's validateCryptoAddress. */
const address = () => text(1, 128);
/** Vault amounts: 0.01 to 10000 coins (document 2 section 5). */
const vaultAmount = () => cents().check(z.lte(1_000_000));
/** Vault lock choices in seconds: 10 min, 30 min, 1 h, 6 h, 12 h, 1 day. */
const VAULT_LOCK_TIMES = [600, 1800, 3600, 21600, 43200, 86400] as const;

/** Coin cents one crypto withdrawal may move: 10 to 10000 coins. */
export const WITHDRAW_LIMITS = { min: 1_000, max: 1_000_000 } as const;
/** Coin cents one card deposit through instaxchange may bring: 5 to 5000 coins. */
export const CARD_DEPOSIT_LIMITS = { min: 500, max: 500_000 } as const;
/** Card brands of the credit-card group (document 2 section 2). */
export const CARD_METHODS = ['visa', 'mastercard'] as const;
/** Gift-card brands of the gift-card group (document 2 section 2). */
export const GIFT_CARD_METHODS = ['applepay', 'paypal', 'visamaster', 'mastercard', 'visa', 'paysafecard', 'neteller', 'gpay'] as const;
/** Skins rails: skinsback, and the 'other' group's cs2 which goes through the same widget. */
export const SKIN_METHODS = ['skinsback', 'cs2'] as const;

/** A refused crypto call keeps its message as the invoice or conversion error (document 2 section 8). */
const refused = z.lazy(() => z.object({ success: z.literal(false), message: z.string() }));

/** The vault after a deposit, withdrawal or lock; `balance` is the wallet's. */
const VaultMove = z.lazy(() => z.object({ success: z.boolean(), amount: z.number(), balance: z.number(), lock_time: z.number() }));

/** Wallet, vault and payment calls (document 2 section 7). */
export const walletMethods = {
  'wallet.getPaymentMethods': () => method({
    doc: "The player's wallets (SFC always) and each currency's display precision.",
    access: 'user',
    input: z.object({ currencies: z.optional(list(z.string(), 10)), batch: z.optional(z.string()) }),
    output: z.object({
      /** SFC (amount in cents, locked = the vault) first, then each other asked currency; crypto is paid out, never held, so it shows 0. */
      wallets: z.array(Wallet),
      methods: z.array(z.object({ currency: z.string(), precision: z.number() })),
      /** Every deposit and withdrawal method with its bounds, rate and confirmations. */
      payment_methods: z.array(PaymentMethod),
    }),
  }),
  'wallet.getHistory': () => method({
    doc: "Pages of the player's balance changes, newest first; offset is the last entry's hash. The spec's call names the wallet (currency=SFC&type=main, or type=vault); entry_type filters by kind of change.",
    access: 'user',
    input: z.object({
      ...paging(),
      currency: z.optional(z.string().check(z.maxLength(8))),
      /** Which of the player's balances: the main wallet (the spec's type=main) or the vault. */
      type: z.optional(z.enum(['main', 'vault'])),
      /** A ledger entry type (signup_bonus, arena_join, ...): only those entries. */
      entry_type: z.optional(z.string().check(z.maxLength(40))),
    }),
    output: z.object({ actions: z.array(HistoryEntry), has_more: z.boolean() }),
  }),
  'wallet.getPayments': () => method({
    doc: "Pages of the player's deposits and withdrawals, newest first; offset is the last payment's hash.",
    access: 'user',
    input: z.object({ ...paging(), currency: z.optional(z.string().check(z.maxLength(8))) }),
    output: z.object({ payments: z.array(Payment), has_more: z.boolean() }),
  }),
  'wallet.cryptoConversion': () => method({
    doc: "A currency's rate, limits and network fee; with `amount` (coin cents) also what it buys after the fee. ESTIMATE_ERROR when too small to send.",
    access: 'user',
    input: z.object({ currency: cryptoCurrency(), provider: provider(), amount: z.optional(cents()) }),
    output: z.union([
      z.object({
        success: z.literal(true),
        currency: z.string(),
        /** Coins per unit of the currency. */
        rate: z.number(),
        precision: z.number(),
        /** Smallest deposit credited, as currency text, and its coin cents. */
        min_deposit: z.string(),
        min_deposit_coins: z.number(),
        withdraw: z.object({ min: z.number(), max: z.number() }),
        /** Network fee taken from each withdrawal, as currency text. */
        fee: z.string(),
        /** With `amount`: the currency text it converts to, and what arrives after the fee. */
        value: z.optional(z.string()),
        receive: z.optional(z.string()),
      }),
      refused,
    ]),
  }),
  'wallet.cryptoInvoice': () => method({
    doc: "The player's deposit address for a currency (one per player and currency, kept) with a payment URI for the QR code; success false keeps the message as invoice error.",
    access: 'user',
    input: z.object({ currency: cryptoCurrency(), provider: provider() }),
    output: z.union([
      z.object({
        success: z.literal(true),
        currency: z.string(),
        address: z.string(),
        /** bitcoin:, litecoin: or ethereum: URI of the address, for the QR code. */
        uri: z.string(),
        min_deposit: z.string(),
        min_deposit_coins: z.number(),
        confirmations: z.number(),
        rate: z.number(),
      }),
      refused,
    ]),
  }),
  'wallet.cryptoRefund': () => method({
    doc: "Sends the player's last declined, unrefunded deposit in a currency back to refund_address ('Invalid address' when it cannot receive it); 2FA as for withdrawals.",
    access: 'user',
    input: z.object({ currency: cryptoCurrency(), provider: provider(), refund_address: address(), secure_code: secureCode() }),
    output: z.union([z.object({ success: z.literal(true), payment: Payment }), refused]),
  }),
  'wallet.cryptoWithdraw': () => method({
    doc: 'Withdraws coin cents as crypto to an address from the withdrawable balance. Needs 2FA: SECURE_REQUIRED until set up, SECURE_CODE_REQUIRED without a right secure_code; one stamp is one withdrawal.',
    access: 'user',
    money: true,
    duringBreak: true,
    input: z.object({
      stamp: stamp(),
      amount: cents(WITHDRAW_LIMITS.min).check(z.lte(WITHDRAW_LIMITS.max)),
      currency: cryptoCurrency(),
      provider: provider(),
      address: address(),
      secure_code: secureCode(),
    }),
    output: z.object({ success: z.literal(true), payment: Payment, balance: z.number() }),
  }),
  'wallet.alerts': () => method({
    doc: 'Notes above the wallet pages: deposits on the way, declined deposits waiting for a refund address, 2FA missing for withdrawals.',
    access: 'user',
    input: z.object({}),
    output: z.object({
      alerts: z.array(z.object({
        /** Stable per cause, so a closed alert (wallet_alerts_closed) stays closed. */
        id: z.string(),
        type: z.enum(['deposit_pending', 'refund_available', 'secure_required']),
        currency: z.nullable(z.string()),
        payment_hash: z.nullable(z.string()),
        text: z.string(),
      })),
    }),
  }),
  'wallet.getRequirements': () => method({
    doc: 'What a withdrawal needs now: 2FA, the withdrawable part of the balance (sponsored coins, need_wager tips and Deposit Bonus coins not yet wagered are play-only) and the per-withdrawal bounds.',
    access: 'user',
    input: z.object({}),
    output: z.object({
      secure: z.boolean(),
      balance: z.number(),
      withdrawable: z.number(),
      sponsored: z.number(),
      /** Cents of need_wager tips still to be wagered once before they can leave (0032). */
      to_wager: z.number(),
      /** Deposit Bonus coins still locked and the cents of counted wagers that free them (docs/decisions/0034). */
      bonus: z.object({ locked: z.number(), wager_left: z.number() }),
      withdraw: z.object({ min: z.number(), max: z.number() }),
      requirements: z.array(z.object({ type: z.enum(['secure', 'balance', 'wager', 'bonus_wager']), completed: z.boolean(), title: z.string() })),
    }),
  }),
  'wallet.gift': () => method({
    doc: 'Redeems a wallet gift code (codes starting with C) for coins; refused codes answer the cause.',
    access: 'user',
    money: true,
    duringBreak: true,
    input: z.object({ code: giftCode(), stamp: stamp() }),
    output: successWithCause(),
  }),

  'wallet-vault.info': () => method({
    doc: "The vault: amount in cents and lock_time, the unix second the lock ends (past or 0 when unlocked).",
    access: 'user',
    input: z.object({}),
    output: z.object({ amount: z.number(), lock_time: z.number() }),
  }),
  'wallet-vault.deposit': () => method({
    doc: 'Moves cents from the wallet into the vault; answers the vault and wallet after the move.',
    access: 'user',
    money: true,
    duringBreak: true,
    input: z.object({ amount: vaultAmount(), stamp: stamp() }),
    output: VaultMove,
  }),
  'wallet-vault.withdraw': () => method({
    doc: 'Moves cents from an unlocked vault back to the wallet; players with 2FA enabled send secure_code (SECURE_CODE_REQUIRED otherwise); answers like deposit.',
    access: 'user',
    money: true,
    duringBreak: true,
    input: z.object({ amount: vaultAmount(), stamp: stamp(), secure_code: secureCode() }),
    output: VaultMove,
  }),
  'wallet-vault.lock': () => method({
    doc: 'Locks the vault for lock_time seconds (one of the six choices); answers like deposit.',
    access: 'user',
    input: z.object({ lock_time: choice(VAULT_LOCK_TIMES) }),
    output: VaultMove,
  }),

  'payment-insta.create': () => method({
    doc: 'Opens a card deposit through Instaxchange: a waiting payment and the checkout url; the client goes to /wallet/deposit/instaxchange/{memo}.',
    access: 'user',
    input: z.object({ amount: cents(CARD_DEPOSIT_LIMITS.min).check(z.lte(CARD_DEPOSIT_LIMITS.max)), method: z.enum(CARD_METHODS) }),
    output: z.object({ memo: z.string(), url: z.string(), payment: Payment }),
  }),
  'payment-insta.getInvoice': () => method({
    doc: 'The Instaxchange invoice of a memo (the wallet_insta state); NOT_FOUND (30) for a memo that is not the player\'s.',
    access: 'user',
    input: z.object({ memo: z.string().check(z.regex(/^[A-Za-z0-9]{8,64}$/, 'expected an invoice memo')) }),
    output: z.object({ memo: z.string(), url: z.string(), status: PaymentStatus, expires_at: z.number(), payment: Payment }),
  }),
  'payment-kinguin.loadProducts': () => method({
    doc: 'Gift cards on sale at Kinguin; a bought card is a code starting with C, redeemed with wallet.gift.',
    access: 'user',
    input: z.object({ method: z.optional(z.enum(GIFT_CARD_METHODS)) }),
    output: z.object({
      products: z.array(z.object({
        id: z.string(),
        method: z.string(),
        name: z.string(),
        /** What the card costs at the shop, in USD cents. */
        price: z.number(),
        currency: z.string(),
        /** Coin cents the code credits. */
        amount: z.number(),
        /** The shop's checkout page. */
        url: z.string(),
      })),
    }),
  }),
  'payment-skinsback.create-deposit-widget': () => method({
    doc: 'Opens the skins deposit widget for the saved Steam trade URL (INVALID_DATA until one is set); its url is valid for an hour.',
    access: 'user',
    input: z.object({ method: z.optional(z.enum(SKIN_METHODS)) }),
    output: z.object({ url: z.string(), expires_at: z.number() }),
  }),
  'payment-skinsback.trade-url': () => method({
    doc: "Reads the player's Steam trade URL, or sets it with trade_url ('Incorrect Steam trade-url' when it is not one).",
    access: 'user',
    input: z.object({ trade_url: z.optional(text(1, 256)) }),
    output: z.object({ trade_url: z.nullable(z.string()) }),
  }),
};
