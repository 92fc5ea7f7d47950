/**
 * The toast queue of document 1 section 4 'Notices and toasts', as pure functions over an
 * immutable list (oldest first):
 * - at most 20 are kept; adding a 21st drops the oldest;
 * - a toast lives 5 s by default, an exp toast 3 s, an error notice 2.5 s, unless a timer is given;
 * - only the oldest toast counts down, once per second (the last step may be shorter, so a
 *   2.5 s notice goes at 2.5 s);
 * - exp, experience_changed and user_rank_changed merge into the one exp toast, adding their
 *   experience; received_keys toasts of the same key id merge, adding their counts; keys of the
 *   promo_gift_case are never shown.
 */
import { formatCount } from '../core/money.ts';

/** Kinds of notice (document 1 section 3 'Notification', plus the client's own). */
export type ToastType =
  | 'new_deposit' | 'confirmed_deposit' | 'declined_deposit' | 'declined_withdraw' | 'compensation'
  | 'achieve' | '2fa' | 'exp' | 'experience_changed' | 'user_rank_changed' | 'partner_level_changed'
  | 'bp_card' | 'received_keys' | 'game_start' | 'game_done'
  /** A balance change (WALLET_BALANCE_CHANGED) of a type that is not silent. */
  | 'balance'
  /** A failed call or another problem the player should know about. */
  | 'error'
  /** A message from the arena itself (performance mode switched on, a new version...). */
  | 'system';

/** What a toast carries beyond its text; merging reads `exp`, `keyId` and `count`. */
export interface ToastData {
  exp?: number;
  rank?: string | number;
  keyId?: string;
  count?: number;
  amount?: number;
  [field: string]: unknown;
}

/** A button on a toast: what it says and what it does (the toast closes after). */
export interface ToastAction {
  label: string;
  run(): void;
}

/** A toast in the queue. */
export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message: string;
  /** Marks the toast as an error (red, role alert). */
  error: boolean;
  /** Its full life in ms, restarted when another toast merges into it. */
  timerMs: number;
  /** Life left in ms; only the oldest toast's goes down. */
  remainingMs: number;
  data: ToastData;
  /** When it was added (or last merged), ms. */
  time: number;
  /** A button beside the text (undoing what the notice tells of). */
  action?: ToastAction;
}

/** A toast to add; `timerMs` overrides the type's default life. */
export interface ToastInput {
  type: ToastType;
  title: string;
  message: string;
  error?: boolean;
  timerMs?: number;
  data?: ToastData;
  action?: ToastAction;
}

/** Spec: at most 20 toasts are kept. */
export const TOAST_LIMIT = 20;
/** Spec: default timer 5 s. */
export const DEFAULT_TOAST_MS = 5000;
/** Spec: exp toast 3 s. */
export const EXP_TOAST_MS = 3000;
/** Spec: error notices auto-dismiss after 2.5 s unless a timer is given. */
export const ERROR_TOAST_MS = 2500;
/** Spec: the countdown ticks once per second. */
export const TOAST_TICK_MS = 1000;
/** Keys of this id never raise a toast (document 1 section 4). */
export const SILENT_KEY_ID = 'promo_gift_case';

const EXP_TYPES: readonly ToastType[] = ['exp', 'experience_changed', 'user_rank_changed'];

/** A toast's life when none is given. */
export function defaultTimer(input: Pick<ToastInput, 'type' | 'error'>): number {
  if (EXP_TYPES.includes(input.type)) return EXP_TOAST_MS;
  if (input.error || input.type === 'error') return ERROR_TOAST_MS;
  return DEFAULT_TOAST_MS;
}

/** The text of a merged exp toast. */
export function expMessage(exp: number): string {
  return `${exp >= 0 ? '+' : ''}${formatCount(exp)} XP`;
}

/** The text of a merged keys toast. */
export function keysMessage(count: number, keyId: string): string {
  return `+${count} ${keyId.replace(/_/g, ' ')} key${count === 1 ? '' : 's'}`;
}

/** Adds a toast, merging where the spec says; answers a new list. */
export function addToast(queue: readonly Toast[], input: ToastInput, id: number, now: number): Toast[] {
  const timerMs = input.timerMs ?? defaultTimer(input);
  const data = input.data ?? {};

  if (input.type === 'received_keys' && data.keyId === SILENT_KEY_ID) return [...queue];

  if (EXP_TYPES.includes(input.type)) {
    const at = queue.findIndex((toast) => toast.type === 'exp');
    if (at >= 0) {
      const current = queue[at]!;
      const exp = (current.data.exp ?? 0) + (data.exp ?? 0);
      const merged: Toast = {
        ...current,
        message: expMessage(exp),
        data: { ...current.data, ...data, exp },
        timerMs,
        remainingMs: timerMs,
        time: now,
      };
      return queue.map((toast, i) => (i === at ? merged : toast));
    }
    const exp = data.exp ?? 0;
    return limit([...queue, { id, type: 'exp', title: input.title, message: input.message || expMessage(exp), error: false, timerMs, remainingMs: timerMs, data: { ...data, exp }, time: now }]);
  }

  if (input.type === 'received_keys' && data.keyId !== undefined) {
    const at = queue.findIndex((toast) => toast.type === 'received_keys' && toast.data.keyId === data.keyId);
    if (at >= 0) {
      const current = queue[at]!;
      const count = (current.data.count ?? 0) + (data.count ?? 0);
      const merged: Toast = { ...current, message: keysMessage(count, data.keyId), data: { ...current.data, count }, timerMs, remainingMs: timerMs, time: now };
      return queue.map((toast, i) => (i === at ? merged : toast));
    }
  }

  const error = input.error ?? input.type === 'error';
  return limit([...queue, { id, type: input.type, title: input.title, message: input.message, error, timerMs, remainingMs: timerMs, data, time: now, ...(input.action ? { action: input.action } : {}) }]);
}

function limit(queue: Toast[]): Toast[] {
  return queue.length > TOAST_LIMIT ? queue.slice(queue.length - TOAST_LIMIT) : queue;
}

/** Counts the oldest toast down by `elapsedMs`; it goes when its time is up. */
export function tickToasts(queue: readonly Toast[], elapsedMs: number): Toast[] {
  const [oldest, ...rest] = queue;
  if (!oldest) return [];
  const remainingMs = oldest.remainingMs - elapsedMs;
  return remainingMs <= 0 ? rest : [{ ...oldest, remainingMs }, ...rest];
}

/** How long until the next tick: a second, or less when the oldest toast has less left; null when empty. */
export function nextTickDelay(queue: readonly Toast[]): number | null {
  const oldest = queue[0];
  return oldest ? Math.min(TOAST_TICK_MS, oldest.remainingMs) : null;
}

/** Removes one toast (its close button). */
export function dismissToast(queue: readonly Toast[], id: number): Toast[] {
  return queue.filter((toast) => toast.id !== id);
}
