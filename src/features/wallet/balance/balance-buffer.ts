/**
 * The balance buffer (document 1: pending amounts subtracted from the shown balance). Winnings
 * that arrive while a spin or battle animation still runs are held back from the header until
 * nothing animates, so the balance never tells a battle's result before its reels and banner.
 */
import { isBusy, whenIdle } from '../../../ui/activity.ts';
import { createStore } from '../../../ui/store.ts';

/** Balance changes an animation reveals (a battle's payout). */
const REVEALED_BY_ANIMATION: readonly string[] = ['arena_reward'];

const pending = createStore(0);

/** Holds a pushed balance change back while an animation that reveals it still runs. */
export function bufferBalanceChange(change: { type: string; amount: number }): void {
  if (change.amount <= 0 || !REVEALED_BY_ANIMATION.includes(change.type) || !isBusy()) return;
  const holding = pending.get() > 0;
  pending.set(pending.get() + change.amount);
  if (!holding) void whenIdle().then(() => pending.set(0));
}

const lessHeld = (balance: number, held: number) => Math.max(0, balance - held);

/** The balance to show now: the account's, less what the buffer holds. */
export function shownBalance(balance: number): number {
  return lessHeld(balance, pending.get());
}

/** shownBalance in a component, following the buffer. */
export function useShownBalance(balance: number): number {
  return lessHeld(balance, pending.use());
}

