/**
 * Notices the arena raises by itself: balance changes (WALLET_BALANCE_CHANGED, by type, except
 * the silent types), the texts of the spec's notification types, and failed calls.
 */
import { SILENT_BALANCE_TYPES } from '../../contract/history.ts';
import { formatCoins } from '../../core/money.ts';
import { historyLabel } from '../../contract/history.ts';
import { expMessage, keysMessage, type ToastInput } from '../../ui/toast-queue.ts';

/** A balance change as the socket reports it. */
export interface BalanceChange {
  currency: string;
  amount: number;
  type: string;
}

/** The toast of a balance change, or null for the silent types (document 1 section 4). */
export function balanceNotice({ amount, type, currency }: BalanceChange): ToastInput | null {
  if (SILENT_BALANCE_TYPES.includes(type)) return null;
  // A compensation is the spec's own notification type, with its currency.
  if (type === 'compensation' && amount > 0) return notificationNotice({ type: 'compensation', amount, currency });
  const sign = amount > 0 ? '+' : '';
  const unit = currency === 'SFC' ? 'coins' : currency;
  return { type: 'balance', title: historyLabel(type), message: `${sign}${formatCoins(amount)} ${unit}`, data: { amount, kind: type } };
}

/** Payloads of the spec's notification types, as far as the spec shows them. */
export type NotificationPayload =
  | { type: 'new_deposit' | 'confirmed_deposit' | 'declined_deposit' | 'declined_withdraw'; amount?: number; currency?: string }
  | { type: 'compensation'; amount: number; currency: string }
  | { type: 'achieve'; name: string }
  | { type: '2fa'; status: 'enable' | 'disable' }
  | { type: 'exp' | 'experience_changed' | 'user_rank_changed'; exp: number; rank?: string | number }
  | { type: 'partner_level_changed'; new_level: number }
  | { type: 'bp_card'; asset_count: number }
  | { type: 'received_keys'; key: { id: string; count: number } }
  | { type: 'game_start' | 'game_done'; hash: string };

/** The toast of one of the spec's notifications (document 1 section 3 'Notification'). */
export function notificationNotice(payload: NotificationPayload): ToastInput {
  switch (payload.type) {
    case 'new_deposit':
      return { type: payload.type, title: 'Deposit pending', message: 'Your deposit arrived and waits for confirmation.' };
    case 'confirmed_deposit':
      return { type: payload.type, title: 'Deposit confirmed', message: 'Your deposit is confirmed and on your balance.' };
    case 'declined_deposit':
      return { type: payload.type, title: 'Deposit declined', message: 'We declined your payment due to a failed verification of incoming funds', error: true, timerMs: 5000 };
    case 'declined_withdraw':
      return { type: payload.type, title: 'Withdrawal declined', message: 'Your withdrawal was declined; the coins are back on your balance.', error: true, timerMs: 5000 };
    case 'compensation':
      return { type: payload.type, title: 'Compensation', message: `+${formatCoins(payload.amount)} ${payload.currency === 'SFC' ? 'coins' : payload.currency} credited to your balance by support.`, data: { amount: payload.amount, kind: 'compensation' } };
    case 'achieve':
      return { type: payload.type, title: 'Achievement unlocked', message: payload.name };
    case '2fa':
      return { type: payload.type, title: payload.status === 'enable' ? '2FA enabled' : '2FA disabled', message: payload.status === 'enable' ? 'Two-factor authentication now protects your account.' : 'Two-factor authentication is off.' };
    case 'exp':
    case 'experience_changed':
    case 'user_rank_changed':
      return { type: payload.type, title: 'Experience', message: expMessage(payload.exp), data: { exp: payload.exp, rank: payload.rank } };
    case 'partner_level_changed':
      return { type: payload.type, title: 'Partner level', message: `You reached partner level ${payload.new_level}.` };
    case 'bp_card':
      return { type: payload.type, title: 'Inventory', message: `${payload.asset_count} new item${payload.asset_count === 1 ? '' : 's'} in your inventory.`, data: { count: payload.asset_count } };
    case 'received_keys':
      return { type: payload.type, title: 'Community keys', message: keysMessage(payload.key.count, payload.key.id), data: { keyId: payload.key.id, count: payload.key.count } };
    case 'game_start':
      return { type: payload.type, title: 'Battle started', message: 'Your battle is rolling.', data: { hash: payload.hash } };
    case 'game_done':
      return { type: payload.type, title: 'Battle finished', message: 'Your battle has a winner.', data: { hash: payload.hash } };
  }
}
