/**
 * Every change of a payment's status, in one place: the guarded row update, the ledger
 * transfer it pays for (same transaction), and the socket events after commit.
 *
 * Money paths: a deposit credits the player from the world when it completes ('gift_code'
 * for gift cards, 'wallet_deposit' otherwise) and nothing before. A withdrawal takes the
 * player's coins into the PAYOUTS house account at once ('wallet_withdraw'); they leave
 * for the world when the provider confirms, or come back ('withdraw_refund') when it fails.
 * So a pending withdrawal is still money the site holds, and the ledger's invariant
 * (accounts hold deposits minus withdrawals) is true at every moment.
 */
import type { HistoryType } from '../../../src/contract/index.ts';
import { toHash } from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import type { AccountRef } from '../../db/ledger.ts';
import type { Services } from '../../rpc/context.ts';
import { payDepositBonus } from '../partnership/referrals.ts';
import { insertPayment, paymentOut, type NewPayment, type PaymentRow, type Status } from './store.ts';

/** Where withdrawn coins wait until the provider sends them. */
export const PAYOUTS: AccountRef = { house: 'payouts' };

/** Columns a transition may change besides the status. */
type Patch = Partial<Pick<PaymentRow, 'tx_hash' | 'confirmations' | 'reason' | 'due_at' | 'details' | 'refund_address' | 'refunded_at'>>;

/**
 * Moves a payment from one of `from` to `to`, or answers undefined when it is no longer in
 * `from` (someone else got there first: a console click racing the provider's tick).
 */
function move(tx: Tx, s: Services, id: number, from: readonly Status[], to: Status, patch: Patch = {}): Promise<PaymentRow | undefined> {
  const columns = Object.keys(patch) as (keyof Patch)[];
  const set = ['status = ?', 'updated_at = ?', ...columns.map((c) => `${c} = ?`)].join(', ');
  return tx.get<PaymentRow>(
    `UPDATE payments SET ${set} WHERE id = ? AND status IN (${from.map(() => '?').join(', ')}) RETURNING *`,
    to, s.config.now(), ...columns.map((c) => patch[c] ?? null), id, ...from,
  );
}

/** Queues PAYMENT_UPDATED (and the named wallet event) for after commit. */
async function announce(tx: Tx, s: Services, row: PaymentRow, changed: number, event?: 'WALLET_DEPOSIT_CONFIRMED' | 'WALLET_WITHDRAW_CREATED' | 'WALLET_WITHDRAW_FAILED' | 'WALLET_WITHDRAW_CONFIRMED'): Promise<void> {
  const balance = await s.ledger.balance(tx, { user: row.user_id });
  const out = paymentOut(row);
  tx.afterCommit(() => {
    s.hub.toUser(row.user_id, 'PAYMENT_UPDATED', {
      hash: out.hash, currency: row.currency, changed, balance, type: row.type, status: row.status, method: row.method,
    });
    if (event) s.hub.toUser(row.user_id, event, out);
  });
}

/** Records a new deposit (waiting for an invoice to be paid, or pending with funds on the way) and tells the player. */
export async function openDeposit(tx: Tx, s: Services, p: Omit<NewPayment, 'type'>): Promise<PaymentRow> {
  const row = await insertPayment(tx, { ...p, type: 'deposit' }, s.config.now());
  await announce(tx, s, row, 0);
  return row;
}

/** A waiting invoice got paid: funds are on the way. */
export async function depositPending(tx: Tx, s: Services, row: PaymentRow, patch: Patch = {}): Promise<PaymentRow | undefined> {
  const moved = await move(tx, s, row.id, ['waiting'], 'pending', patch);
  if (moved) await announce(tx, s, moved, 0);
  return moved;
}

/** Progress of a pending deposit that changes no status (confirmations, next due time): no event. */
export async function depositProgress(tx: Tx, s: Services, row: PaymentRow, patch: Patch): Promise<void> {
  await move(tx, s, row.id, ['pending'], 'pending', patch);
}

/**
 * Credits a deposit: the ledger transfer from the world, the referral bonus on top, the
 * events. `from` lists the statuses it may complete from (gift codes are recorded and
 * completed in one go, so theirs is pending without an announcement).
 */
export async function completeDeposit(tx: Tx, s: Services, row: PaymentRow, patch: Patch = {}, from: readonly Status[] = ['pending']): Promise<PaymentRow | undefined> {
  const moved = await move(tx, s, row.id, from, 'completed', { ...patch, due_at: null });
  if (!moved) return undefined;
  const type: HistoryType = moved.provider === 'giftcard' ? 'gift_code' : 'wallet_deposit';
  await s.ledger.transfer(tx, { from: { world: true }, to: { user: moved.user_id }, amount: moved.amount, type, ref: toHash(moved.id) });
  await payDepositBonus(tx, s, { userId: moved.user_id, paymentId: moved.id, amount: moved.amount });
  await announce(tx, s, moved, moved.amount, 'WALLET_DEPOSIT_CONFIRMED');
  return moved;
}

/** Declines a deposit (nothing was credited, so nothing moves). */
export async function declineDeposit(tx: Tx, s: Services, row: PaymentRow, reason: string): Promise<PaymentRow | undefined> {
  const moved = await move(tx, s, row.id, ['waiting', 'pending'], 'declined', { reason, due_at: null });
  if (moved) await announce(tx, s, moved, 0);
  return moved;
}

/** An invoice nobody paid in time. */
export async function expireDeposit(tx: Tx, s: Services, row: PaymentRow): Promise<PaymentRow | undefined> {
  const moved = await move(tx, s, row.id, ['waiting'], 'expired', { due_at: null });
  if (moved) await announce(tx, s, moved, 0);
  return moved;
}

/** Takes a withdrawal's coins into PAYOUTS and records it pending (throws COMMIT_ERROR when the balance is short). */
export async function createWithdrawal(tx: Tx, s: Services, p: Omit<NewPayment, 'type' | 'status'>): Promise<PaymentRow> {
  const row = await insertPayment(tx, { ...p, type: 'withdraw', status: 'pending' }, s.config.now());
  await s.ledger.transfer(tx, { from: { user: row.user_id }, to: PAYOUTS, amount: row.amount, type: 'wallet_withdraw', ref: toHash(row.id) });
  await announce(tx, s, row, -row.amount, 'WALLET_WITHDRAW_CREATED');
  return row;
}

/** The provider sent a withdrawal: its coins leave for the world. */
export async function confirmWithdrawal(tx: Tx, s: Services, row: PaymentRow, patch: Patch = {}): Promise<PaymentRow | undefined> {
  const moved = await move(tx, s, row.id, ['pending'], 'completed', { ...patch, due_at: null });
  if (!moved) return undefined;
  await s.ledger.transfer(tx, { from: PAYOUTS, to: { world: true }, amount: moved.amount, type: 'wallet_withdraw', ref: toHash(moved.id) });
  await announce(tx, s, moved, 0, 'WALLET_WITHDRAW_CONFIRMED');
  return moved;
}

/** The provider failed a withdrawal: its coins go back to the player. */
export async function failWithdrawal(tx: Tx, s: Services, row: PaymentRow, reason: string): Promise<PaymentRow | undefined> {
  const moved = await move(tx, s, row.id, ['pending'], 'declined', { reason, due_at: null });
  if (!moved) return undefined;
  await s.ledger.transfer(tx, { from: PAYOUTS, to: { user: moved.user_id }, amount: moved.amount, type: 'withdraw_refund', ref: toHash(moved.id) });
  await announce(tx, s, moved, moved.amount, 'WALLET_WITHDRAW_FAILED');
  return moved;
}
