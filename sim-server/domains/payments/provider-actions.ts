/**
 * What the sim's providers do to payments: see a chain transfer, charge a card, send a trade
 * offer, and move payments on as time passes (`advanceDue`, driven by config.now()). The
 * sim console and checkout pages call these as the outside world would.
 */
import { NumericError } from '../../../src/contract/index.ts';
import { isCryptoCurrency } from '../../../src/core/index.ts';
import { CURRENCY_DECIMALS } from '../../../src/core/money.ts';
import type { Tx } from '../../db/database.ts';
import { AppError, fail } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import {
  CARD_SETTLEMENT_MS, CHAINS, DeclineReason, SKINS_TRADE_MS, cardDeclined, chainLimits, confirmationsAt, creditFor, newTxHash, nextBlockAt, unitsOf,
} from '../../world/providers.ts';
import { addressOwner } from './crypto.ts';
import { completeDeposit, confirmWithdrawal, declineDeposit, depositPending, depositProgress, expireDeposit, failWithdrawal, openDeposit } from './settle.ts';
import { detailsOf, paymentById, type PaymentRow } from './store.ts';

/** Provider details kept with a crypto deposit. */
interface TransferDetails {
  /** The provider's screening flagged the sender: the deposit is declined when it would complete. */
  flagged: boolean;
}

/** Provider details kept with a skins deposit. */
export interface SkinsDetails {
  items: number[];
  trade_offer: string;
}

/**
 * A transfer to a deposit address appears on the chain: a pending deposit at 0
 * confirmations. `amount` is text in the currency; `flagged` makes the screening fail;
 * a `txHash` already seen answers the deposit it made.
 */
export async function receiveTransfer(tx: Tx, s: Services, input: { address: string; amount: string; flagged?: boolean; txHash?: string }): Promise<PaymentRow> {
  const owner = await addressOwner(tx, input.address.trim());
  if (!owner) fail(NumericError.INVALID_DATA, 'No player has this deposit address');
  const units = unitsOf(owner.currency, input.amount);
  if (units === null || units === 0) {
    fail(NumericError.INPUT_ERROR, `amount: expected a positive ${owner.currency} amount with at most ${CURRENCY_DECIMALS[owner.currency]} decimals`);
  }
  if (input.txHash) {
    // A provider reports a transfer again (a retried callback): it is the same deposit.
    const seen = await tx.get<PaymentRow>("SELECT * FROM payments WHERE type = 'deposit' AND currency = ? AND tx_hash = ?", owner.currency, input.txHash);
    if (seen) return seen;
  }
  const now = s.config.now();
  const chain = CHAINS[owner.currency];
  const details: TransferDetails = { flagged: input.flagged ?? false };
  return openDeposit(tx, s, {
    user_id: owner.user_id, provider: 'crypto', method: owner.currency.toLowerCase(), currency: owner.currency, status: 'pending',
    amount: creditFor(owner.currency, units), units, address: input.address.trim(), tx_hash: input.txHash ?? newTxHash(owner.currency),
    required_confirmations: chain.confirmations, due_at: nextBlockAt(owner.currency, now, 0), details,
  });
}

/** The card form of an invoice was sent: the issuer declines (test numbers ending 0002) or the charge goes through and settles later. */
export async function chargeCard(tx: Tx, s: Services, row: PaymentRow, cardNumber: string): Promise<PaymentRow> {
  if (row.status !== 'waiting') fail(NumericError.INVALID_DATA, 'This invoice is no longer open');
  const card = { brand: row.method, last4: cardNumber.replace(/\D/g, '').slice(-4) };
  if (cardDeclined(cardNumber)) return (await declineDeposit(tx, s, row, DeclineReason.CARD_DECLINED))!;
  return (await depositPending(tx, s, row, { details: JSON.stringify({ card }), due_at: s.config.now() + CARD_SETTLEMENT_MS }))!;
}

/** Skins were picked in the widget: a trade offer is sent and the deposit is pending until it is accepted. */
export function sendTradeOffer(tx: Tx, s: Services, input: { userId: number; method: string; items: { id: number; payout: number }[] }): Promise<PaymentRow> {
  const amount = input.items.reduce((sum, item) => sum + item.payout, 0);
  if (input.items.length === 0 || amount <= 0) fail(NumericError.INPUT_ERROR, 'items: pick at least one skin');
  const details: SkinsDetails = { items: input.items.map((i) => i.id), trade_offer: `TO${s.config.now()}${input.userId}` };
  return openDeposit(tx, s, {
    user_id: input.userId, provider: 'skinsback', method: input.method, currency: 'USD', status: 'pending', amount, units: amount,
    due_at: s.config.now() + SKINS_TRADE_MS, details,
  });
}

/** A new chain transaction id for a payment's currency; null off-chain. */
function chainTxHash(currency: string): string | null {
  return isCryptoCurrency(currency) ? newTxHash(currency) : null;
}

/** The provider's verdict when a pending deposit has arrived in full: a reason to decline, or null to credit. */
function depositVerdict(row: PaymentRow): string | null {
  if (row.provider !== 'crypto' || !isCryptoCurrency(row.currency)) return null;
  if (detailsOf<TransferDetails>(row).flagged) return DeclineReason.SCREENING;
  return row.units < chainLimits(row.currency).minDeposit ? DeclineReason.BELOW_MINIMUM : null;
}

/** Moves one payment on if its time has come; answers whether anything changed. */
async function advance(tx: Tx, s: Services, row: PaymentRow, now: number): Promise<boolean> {
  if (row.due_at === null || row.due_at > now) return false;
  if (row.type === 'withdraw') {
    return row.status === 'pending' && Boolean(await confirmWithdrawal(tx, s, row, { tx_hash: chainTxHash(row.currency), confirmations: 1 }));
  }
  if (row.status === 'waiting') return Boolean(await expireDeposit(tx, s, row));
  if (row.status !== 'pending') return false;
  if (row.provider === 'crypto' && isCryptoCurrency(row.currency)) {
    const confirmations = confirmationsAt(row.currency, row.created_at, now);
    if (confirmations < row.required_confirmations) {
      await depositProgress(tx, s, row, { confirmations, due_at: nextBlockAt(row.currency, row.created_at, confirmations) });
      return true;
    }
    const reason = depositVerdict(row);
    return Boolean(reason ? await declineDeposit(tx, s, row, reason) : await completeDeposit(tx, s, row, { confirmations }));
  }
  return Boolean(await completeDeposit(tx, s, row));
}

/** Moves on every payment whose time has come, each in its own transaction; answers how many changed. */
export async function advanceDue(s: Services): Promise<number> {
  const now = s.config.now();
  const due = await s.db.all<{ id: number }>('SELECT id FROM payments WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT 500', now);
  let changed = 0;
  for (const { id } of due) {
    if (await s.db.transaction(async (tx) => advance(tx, s, (await paymentById(tx, id))!, now))) changed += 1;
  }
  return changed;
}

/** The console's confirm button: the provider says yes now, whatever the clock. */
export async function forceConfirm(tx: Tx, s: Services, row: PaymentRow): Promise<PaymentRow> {
  const done =
    row.type === 'withdraw'
      ? await confirmWithdrawal(tx, s, row, { tx_hash: chainTxHash(row.currency), confirmations: 1 })
      : await completeDeposit(tx, s, row, { confirmations: row.required_confirmations }, ['waiting', 'pending']);
  if (!done) throw new AppError(NumericError.INVALID_DATA, `Payment is ${row.status}, not open`);
  return done;
}

/** The console's decline button: a deposit is declined, a withdrawal fails and is refunded. */
export async function forceDecline(tx: Tx, s: Services, row: PaymentRow): Promise<PaymentRow> {
  const done = row.type === 'withdraw' ? await failWithdrawal(tx, s, row, DeclineReason.WITHDRAW_REJECTED) : await declineDeposit(tx, s, row, DeclineReason.MANUAL);
  if (!done) throw new AppError(NumericError.INVALID_DATA, `Payment is ${row.status}, not open`);
  return done;
}
