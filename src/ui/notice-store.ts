/**
 * The tab's toasts: the queue rules live in toast-queue.ts; this keeps the list, runs its
 * countdown on real time, and keeps the last notices for the header's notifications list.
 */
import { useSyncExternalStore } from 'react';
import { getSettings } from '../storage/settings.ts';
import { TOAST_LIMIT, addToast, dismissToast, nextTickDelay, tickToasts, type Toast, type ToastInput } from './toast-queue.ts';

let queue: Toast[] = [];
let history: Toast[] = [];
let nextId = 1;
let lastTick = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let unread = 0;
// The countdown waits for the toasts' chunk to load and draw the first (toastsDrawn): on a slow
// phone that took longer than the performance notice's 12 s, and the notice ran out unseen.
let drawn = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

// Time that passed since the last tick goes to the toast that was oldest during it, so a
// burst of new toasts never holds the countdown back.
function advance(now: number): void {
  if (drawn && queue.length > 0 && lastTick > 0) queue = tickToasts(queue, now - lastTick);
  lastTick = now;
}

function schedule(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!drawn) return;
  const delay = nextTickDelay(queue);
  if (delay === null) {
    lastTick = 0;
    return;
  }
  timer = setTimeout(() => change((list) => list), Math.max(0, delay));
}

function change(update: (list: Toast[]) => Toast[]): void {
  advance(Date.now());
  queue = update(queue);
  emit();
  schedule();
}

/**
 * Shows a notice. Notices the player did not cause (balance changes, experience, keys...)
 * show only with the notifications setting on; errors of the player's own actions and the
 * arena's system notices always do. Answers the toast's id, or null when it is not shown.
 */
export function pushNotice(input: ToastInput): number | null {
  const always = input.type === 'error' || input.type === 'system' || input.error === true;
  if (!always && !getSettings().notifications) return null;
  const id = nextId++;
  const now = Date.now();
  change((list) => addToast(list, input, id, now));
  if (!always) {
    history = addToast(history, { ...input, timerMs: Number.POSITIVE_INFINITY }, id, now).slice(-TOAST_LIMIT);
    unread += 1;
    emit();
  }
  return id;
}

/** The toasts are on screen (the list's first draw): their countdown runs from now. */
export function toastsDrawn(): void {
  if (drawn) return;
  drawn = true;
  lastTick = Date.now();
  schedule();
}

/** Closes one toast. */
export function dismissNotice(id: number): void {
  change((list) => dismissToast(list, id));
}

/** Marks the notifications list as read. */
export function markNoticesRead(): void {
  if (unread === 0) return;
  unread = 0;
  emit();
}

/** Empties everything (sign-out). */
export function clearNotices(): void {
  history = [];
  unread = 0;
  change(() => []);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The toasts on screen, oldest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => queue, () => queue);
}

/** The last notices, newest last, and how many came since the list was opened. */
export function useNoticeHistory(): { notices: readonly Toast[]; unread: number } {
  const notices = useSyncExternalStore(subscribe, () => history, () => history);
  const count = useSyncExternalStore(subscribe, () => unread, () => unread);
  return { notices, unread: count };
}

/** The queue now (tests and diagnostics). */
export function currentToasts(): readonly Toast[] {
  return queue;
}
