/**
 * Which of the player's tabs is the active one (document 2 realtime: PAGE_ACTIVE). Only that
 * tab plays sounds and shows game toasts, so three open tabs do not ring three times. Until
 * any tab has claimed it (a visitor, or before the socket is up) every tab counts as active.
 */
import { createStore } from './store.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** This tab's id for PAGE_ACTIVE: random per page load, never stored. */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => ALPHABET[b % ALPHABET.length]).join('');

const active = createStore<string | null>(null);

/** Records the tab the player's socket named active (this one or another). */
export const setActiveTab = active.set;

/** Whether this tab is the one the player's tabs last heard claim it. */
export function claimedHere(): boolean {
  return active.get() === TAB_ID;
}

/** Whether this tab may play sounds and show game toasts now. */
export function isActiveTab(): boolean {
  const tab = active.get();
  return tab === null || tab === TAB_ID;
}
