/** wallet.cryptoConversion, cryptoInvoice, cryptoRefund and cryptoWithdraw through the sim's crypto provider. */
import { NamedError, NumericError, WITHDRAW_LIMITS } from '../../../src/contract/index.ts';
import { INVALID_ADDRESS, isCryptoAddress, validateCryptoAddress } from '../../../src/core/index.ts';
import { CURRENCY_DECIMALS, type CryptoCurrency } from '../../../src/core/money.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers, type Services } from '../../rpc/context.ts';
import { CHAINS, CRYPTO_PROVIDER, chainLimits, creditFor, deriveDepositAddress, unitsFor, unitsText, WITHDRAW_PROCESSING_MS } from '../../world/providers.ts';
import { CRYPTO_RATES } from '../../world/manifest.ts';
import { countingWrongCodes, requireBasicVerified, requireSecure } from '../security/secure.ts';
import { createWithdrawal } from './settle.ts';
import { paymentOut, type PaymentRow } from './store.ts';

/** The answer of a crypto call to a provider the sim does not run. */
const UNKNOWN_PROVIDER = { success: false as const, message: 'This payment provider is not available' };

/** Messages of the crypto calls. */
export const CryptoMessage = {
  NOT_ENOUGH: 'Not enough funds',
  OWN_ADDRESS: 'This is your own deposit address',
  BELOW_FEE: 'The amount does not cover the network fee',
  NOTHING_TO_REFUND: 'There is no declined deposit to refund',
} as const;

/** The player's deposit address for a currency, created and kept the first time it is asked for. */
export async function depositAddress(tx: Tx, s: Services, userId: number, currency: CryptoCurrency): Promise<string> {
  const known = await tx.get<{ address: string }>('SELECT address FROM deposit_addresses WHERE user_id = ? AND currency = ?', userId, currency);
  if (known) return known.address;
  const address = deriveDepositAddress(s.config.jwtSecret, userId, currency);
  await tx.run('INSERT INTO deposit_addresses (user_id, currency, address, created_at) VALUES (?, ?, ?, ?)', userId, currency, address, s.config.now());
  return address;
}

/** Who a deposit address belongs to. */
export function addressOwner(db: Pick<Db, 'get'>, address: string): Promise<{ user_id: number; currency: CryptoCurrency } | undefined> {
  return db.get<{ user_id: number; currency: CryptoCurrency }>('SELECT user_id, currency FROM deposit_addresses WHERE address = ?', address);
}

const upper = (currency: string) => currency.toUpperCase() as CryptoCurrency;

/** The crypto wallet calls. */
export const cryptoHandlers: Handlers = {
  'wallet.cryptoConversion': ({ currency: lower, provider, amount }, ctx) => {
    requireUser(ctx);
    if (provider !== CRYPTO_PROVIDER) return UNKNOWN_PROVIDER;
    const currency = upper(lower);
    const { minDeposit, fee } = chainLimits(currency);
    const estimate = amount === undefined ? {} : (() => {
      const gross = unitsFor(currency, amount);
      if (gross <= fee) fail(NamedError.ESTIMATE_ERROR, CryptoMessage.BELOW_FEE);
      return { value: unitsText(currency, gross), receive: unitsText(currency, gross - fee) };
    })();
    return {
      success: true as const,
      currency,
      rate: CRYPTO_RATES[currency],
      precision: CURRENCY_DECIMALS[currency],
      min_deposit: unitsText(currency, minDeposit),
      min_deposit_coins: creditFor(currency, minDeposit),
      withdraw: { ...WITHDRAW_LIMITS },
      fee: unitsText(currency, fee),
      ...estimate,
    };
  },
  'wallet.cryptoInvoice': async ({ currency: lower, provider }, ctx) => {
    const user = requireUser(ctx);
    if (provider !== CRYPTO_PROVIDER) return UNKNOWN_PROVIDER;
    const currency = upper(lower);
    const chain = CHAINS[currency];
    const address = await ctx.db.transaction((tx) => depositAddress(tx, ctx, user.id, currency));
    const { minDeposit } = chainLimits(currency);
    return {
      success: true as const,
      currency,
      address,
      uri: `${chain.scheme}:${address}`,
      min_deposit: unitsText(currency, minDeposit),
      min_deposit_coins: creditFor(currency, minDeposit),
      confirmations: chain.confirmations,
      rate: CRYPTO_RATES[currency],
    };
  },
  'wallet.cryptoRefund': ({ currency: lower, provider, refund_address, secure_code }, ctx) => {
    const user = requireUser(ctx);
    if (provider !== CRYPTO_PROVIDER) return UNKNOWN_PROVIDER;
    const currency = upper(lower);
    return countingWrongCodes(ctx, user.id, () =>
      ctx.db.transaction(async (tx) => {
        await requireSecure(tx, ctx, user.id, secure_code, { setupRequired: true });
        if (!isCryptoAddress(currency, refund_address)) fail(NumericError.INVALID_DATA, INVALID_ADDRESS);
        const row = await tx.get<PaymentRow>(
          `SELECT * FROM payments WHERE user_id = ? AND type = 'deposit' AND provider = 'crypto' AND currency = ?
             AND status = 'declined' AND refund_address IS NULL ORDER BY id DESC LIMIT 1`,
          user.id, currency,
        );
        if (!row) return { success: false as const, message: CryptoMessage.NOTHING_TO_REFUND };
        // Declined funds were never credited: the provider sends them back and no coins move.
        const refunded = (await tx.get<PaymentRow>(
          'UPDATE payments SET refund_address = ?, refunded_at = ?, updated_at = ? WHERE id = ? RETURNING *',
          refund_address, ctx.config.now(), ctx.config.now(), row.id,
        ))!;
        return { success: true as const, payment: paymentOut(refunded) };
      }),
    );
  },
  'wallet.cryptoWithdraw': ({ amount, currency: lower, provider, address, secure_code }, ctx) => {
    const user = requireUser(ctx);
    if (provider !== CRYPTO_PROVIDER) fail(NumericError.INVALID_DATA, UNKNOWN_PROVIDER.message);
    const currency = upper(lower);
    return countingWrongCodes(ctx, user.id, () =>
      ctx.moneyTx(async (tx) => {
        await requireSecure(tx, ctx, user.id, secure_code, { setupRequired: true });
        const addressError = validateCryptoAddress(currency, address);
        if (addressError) fail(NumericError.INVALID_DATA, addressError);
        if (await addressOwner(tx, address.trim())) fail(NumericError.INVALID_DATA, CryptoMessage.OWN_ADDRESS);
        if (amount > (await ctx.ledger.split(tx, user.id)).withdrawable) fail(NamedError.COMMIT_ERROR, CryptoMessage.NOT_ENOUGH);
        await requireBasicVerified(tx, ctx, user.id, amount);
        const gross = unitsFor(currency, amount);
        const { fee } = chainLimits(currency);
        if (gross <= fee) fail(NamedError.ESTIMATE_ERROR, CryptoMessage.BELOW_FEE);
        const row = await createWithdrawal(tx, ctx, {
          user_id: user.id, provider: 'crypto', method: lower, currency, amount, units: gross - fee, fee_units: fee,
          address: address.trim(), required_confirmations: 1, due_at: ctx.config.now() + WITHDRAW_PROCESSING_MS,
        });
        return { success: true as const, payment: paymentOut(row), balance: await ctx.ledger.balance(tx, { user: user.id }) };
      }),
    );
  },
};
