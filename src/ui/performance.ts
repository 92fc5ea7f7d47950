/**
 * Performance mode's automatic switch (document 1 section 4, docs/design.md section 8): the frame
 * rate is sampled for 500 frames; an average under 25 frames per second switches the mode on.
 * The frames are those drawn while the arena animates (a spin, a battle, a hop): an idle page
 * draws at the screen's rate on any device, so idle frames say nothing. A weak phone should not
 * have to stutter through its first spins before the switch, so the main thread's speed is also
 * measured once, at idle after load. The probes are in performance-probe.ts, loaded only then
 * (docs/decisions/0053).
 */
import { useSyncExternalStore } from 'react';

/** Spec: 500 samples. */
export const FPS_SAMPLES = 500;
/** Spec: under 25 fps on average. */
export const FPS_THRESHOLD = 25;
/** Spec: the notice shown when the mode switches itself on. */
export const PERFORMANCE_NOTICE = 'We noticed you have performance issues and enabled performance mode.';

/** Average frames per second of frame durations in ms. */
export function averageFps(frameMs: readonly number[]): number {
  if (frameMs.length === 0) return Number.POSITIVE_INFINITY;
  const mean = frameMs.reduce((sum, ms) => sum + ms, 0) / frameMs.length;
  return mean > 0 ? 1000 / mean : Number.POSITIVE_INFINITY;
}

/** Whether a full set of samples is too slow. */
export function isTooSlow(frameMs: readonly number[]): boolean {
  return frameMs.length >= FPS_SAMPLES && averageFps(frameMs) < FPS_THRESHOLD;
}

const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

/** Whether the player asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return reducedMotion?.matches ?? false;
}

/** Follows prefers-reduced-motion in a component. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      reducedMotion?.addEventListener('change', listener);
      return () => reducedMotion?.removeEventListener('change', listener);
    },
    prefersReducedMotion,
    () => false,
  );
}
