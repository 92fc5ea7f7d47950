/**
 * Which payment updates raise a notice. A completed deposit also arrives as a balance change
 * (WALLET_BALANCE_CHANGED, which toasts 'Deposit +N coins' and plays the cash sound), and a
 * new withdrawal as its debit: those two stay silent here so one payment never toasts twice.
 */
import type { PaymentUpdate, z } from '../../../contract/index.ts';

/** The spec's notification type for a payment update, or null when another event already says it. */
export function paymentNoticeType(update: Pick<z.output<typeof PaymentUpdate>, 'type' | 'status'>): 'new_deposit' | 'declined_deposit' | 'declined_withdraw' | null {
  if (update.type === 'deposit') {
    if (update.status === 'pending') return 'new_deposit';
    if (update.status === 'declined') return 'declined_deposit';
    return null;
  }
  return update.status === 'declined' ? 'declined_withdraw' : null;
}
