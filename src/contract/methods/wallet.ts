import { method, unshown } from '../define.ts';
import { HistoryEntry, Wallet } from '../entities.ts';
import { cents, choice, giftCode, list, paging, stamp, successWithCause, text, z } from '../wire.ts';

/** Crypto currencies of the wallet (document 2 section 2), in lower case as the routes write them. */
const cryptoCurrency = () => z.enum(['btc', 'eth', 'ltc', 'usdt', 'usdc']);
/** A payment provider's name; the spec does not list them. */
const provider = () => text(1, 32);
/** A crypto address; per-chain formats are checked by the provider. */
const address = () => text(1, 128);
/** Vault amounts: 0.01 to 10000 coins (document 2 section 5). */
const vaultAmount = () => cents().check(z.lte(1_000_000));
/** Vault lock choices in seconds: 10 min, 30 min, 1 h, 6 h, 12 h, 1 day. */
const VAULT_LOCK_TIMES = [600, 1800, 3600, 21600, 43200, 86400] as const;
/** Answer of the crypto conversion and invoice calls; success answers carry more, not shown. */
const cryptoAnswer = () => z.looseObject({ success: z.boolean(), message: z.optional(z.string()) });

/** The vault after a deposit, withdrawal or lock; `balance` is the wallet's. */
const VaultMove = z.object({ success: z.boolean(), amount: z.number(), balance: z.number(), lock_time: z.number() });

/** Wallet, vault and payment calls (document 2 section 7). */
export const walletMethods = {
  'wallet.getPaymentMethods': method({
    doc: "The player's wallets (SFC always) and each currency's display precision.",
    access: 'user',
    input: z.object({ currencies: z.optional(list(z.string(), 10)), batch: z.optional(z.string()) }),
    output: z.object({ wallets: z.array(Wallet), methods: z.array(z.object({ currency: z.string(), precision: z.number() })) }),
  }),
  'wallet.getHistory': method({
    doc: "Pages of the player's balance changes, newest first; offset is the last entry's hash.",
    access: 'user',
    input: z.object({ ...paging, currency: z.optional(z.string()), type: z.optional(z.string()) }),
    output: z.object({ actions: z.array(HistoryEntry), has_more: z.boolean() }),
  }),
  'wallet.getPayments': method({
    doc: "Pages of the player's deposits and withdrawals, newest first; offset is the last payment's hash.",
    access: 'user',
    input: z.object({ ...paging, currency: z.optional(z.string().check(z.maxLength(8))) }),
    output: z.object({ payments: z.array(z.unknown()), has_more: z.boolean() }),
  }),
  'wallet.cryptoConversion': method({
    doc: 'Estimates a crypto conversion; ESTIMATE_ERROR or success false is kept as the conversion error.',
    access: 'user',
    input: z.object({ currency: cryptoCurrency(), provider: provider() }),
    output: cryptoAnswer(),
  }),
  'wallet.cryptoInvoice': method({
    doc: 'Opens a crypto deposit invoice (address to pay to); success false keeps the message as invoice error.',
    access: 'user',
    input: z.object({ currency: cryptoCurrency(), provider: provider() }),
    output: cryptoAnswer(),
  }),
  'wallet.cryptoRefund': method({
    doc: 'Asks a crypto provider to refund a payment to an address; answer not shown.',
    access: 'user',
    input: z.object({ currency: cryptoCurrency(), provider: provider(), refund_address: address() }),
    output: z.unknown(),
  }),
  'wallet.cryptoWithdraw': method({
    doc: 'Withdraws coins (cents) as crypto to an address; needs 2FA set up; answer not shown.',
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp(), amount: cents(), currency: cryptoCurrency(), provider: provider(), address: address() }),
    output: z.unknown(),
  }),
  'wallet.alerts': unshown({ doc: 'Wallet alerts shown above the deposit page.', access: 'user' }),
  'wallet.getRequirements': unshown({ doc: 'What the player must still do before withdrawing.', access: 'user' }),
  'wallet.gift': method({
    doc: 'Redeems a wallet gift code (codes starting with C) for coins; refused codes answer the cause.',
    access: 'user',
    money: true,
    input: z.object({ code: giftCode(), stamp: stamp() }),
    output: successWithCause(),
  }),

  'wallet-vault.info': method({
    doc: "The vault: amount in cents and lock_time, the unix second the lock ends (past or 0 when unlocked).",
    access: 'user',
    input: z.object({}),
    output: z.object({ amount: z.number(), lock_time: z.number() }),
  }),
  'wallet-vault.deposit': method({
    doc: 'Moves cents from the wallet into the vault; answers the vault and wallet after the move.',
    access: 'user',
    money: true,
    input: z.object({ amount: vaultAmount(), stamp: stamp() }),
    output: VaultMove,
  }),
  'wallet-vault.withdraw': method({
    doc: 'Moves cents from an unlocked vault back to the wallet; may ask for a 2FA code; answers like deposit.',
    access: 'user',
    money: true,
    input: z.object({ amount: vaultAmount(), stamp: stamp() }),
    output: VaultMove,
  }),
  'wallet-vault.lock': method({
    doc: 'Locks the vault for lock_time seconds (one of the six choices); answers like deposit.',
    access: 'user',
    input: z.object({ lock_time: choice(VAULT_LOCK_TIMES) }),
    output: VaultMove,
  }),

  'payment-insta.create': unshown({ doc: 'Opens a card deposit through Instaxchange.', access: 'user' }),
  'payment-insta.getInvoice': unshown({ doc: 'The Instaxchange invoice, kept as the wallet_insta state.', access: 'user' }),
  'payment-kinguin.loadProducts': unshown({ doc: 'Gift-card products that can be bought to deposit.', access: 'user' }),
  'payment-skinsback.create-deposit-widget': unshown({ doc: 'Opens the skins deposit widget.', access: 'user' }),
  'payment-skinsback.trade-url': unshown({ doc: "Reads or sets the player's Steam trade URL for skins payments.", access: 'user' }),
};
