/**
 * Whether a spin or battle animation is running. Games mark themselves busy while they
 * animate; a new version of the app or a maintenance reload waits until nothing is
 * (docs/design.md section 8: never cut a battle or a spin in half), and the wallet holds
 * back winnings the animation has not shown yet (the balance buffer).
 */
import { useEffect } from 'react';
import { afterLoadAndIdle, idleMoment } from './idle.ts';
import { createStore } from './store.ts';

const running = new Set<string>();
const busy = createStore(false);

/** Marks an animation as running until the answer is called. */
export function markBusy(id: string): () => void {
  running.add(id);
  busy.set(true);
  return () => {
    running.delete(id);
    busy.set(running.size > 0);
  };
}

/** Marks the component's animation as running while `active` holds. */
export function useBusyWhile(id: string, active: boolean): void {
  useEffect(() => (active ? markBusy(id) : undefined), [id, active]);
}

/** Whether any spin or battle animation runs now. */
export const isBusy = busy.get;

/** Follows the flag in a component. */
export const useBusy = busy.use;

/**
 * Resolves as soon as nothing is animating (at once when nothing is). Idle must last past the
 * current task: one animation often hands over to the next within a render (the last reel
 * stops, the tiebreak starts), and that instant is not a pause.
 */
export function whenIdle(): Promise<void> {
  if (!busy.get()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = busy.subscribe(() => {
      if (busy.get()) return;
      setTimeout(() => {
        if (busy.get()) return;
        off();
        resolve();
      }, 0);
    });
  });
}

/** Listens to the flag (an animation starts or the last one ends); answers the unsubscribe function. */
export const subscribeBusy = busy.subscribe;

/**
 * Resolves when work nobody waits for may run (an offline copy, the service worker's check for a
 * new version): the page has loaded, no game animates, and the main thread has a quiet moment.
 * Run at the first quiet moment alone, such work landed between a game's frames, in the time a
 * slow phone needed for them and for the player's taps (docs/decisions/0053).
 */
export async function whenQuiet(): Promise<void> {
  await afterLoadAndIdle();
  while (busy.get()) {
    await whenIdle();
    // The animation's end is busy as well: the page shows the result.
    await idleMoment();
  }
}
