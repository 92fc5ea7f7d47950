/**
 * Whether a spin or battle animation is running. Games mark themselves busy while they
 * animate; a new version of the app or a maintenance reload waits until nothing is
 * (DESIGN.md sections 7 and 10: never cut a battle or a spin in half).
 */
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

/** Whether any spin or battle animation runs now. */
export const isBusy = busy.get;

/** Follows the flag in a component. */
export const useBusy = busy.use;

/** Resolves as soon as nothing is animating (at once when nothing is). */
export function whenIdle(): Promise<void> {
  if (!busy.get()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = busy.subscribe(() => {
      if (busy.get()) return;
      off();
      resolve();
    });
  });
}
