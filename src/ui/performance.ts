/**
 * Performance mode's automatic switch (document 1 section 4, docs/design.md section 8): the frame
 * rate is sampled for 500 frames; an average under 25 frames per second switches the mode on.
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

/**
 * Samples the next 500 frames while the tab is visible (hidden tabs get no frames, and a
 * frame after a hidden spell would read as one very slow frame) and answers whether the
 * average was under 25 fps. The answer stops it early.
 */
export function probeFrameRate(onDone: (slow: boolean, fps: number) => void): () => void {
  const samples: number[] = [];
  let last = 0;
  let frame = 0;
  const step = (now: number) => {
    if (document.visibilityState === 'visible' && last > 0 && now - last < 1000) samples.push(now - last);
    last = document.visibilityState === 'visible' ? now : 0;
    if (samples.length >= FPS_SAMPLES) return onDone(isTooSlow(samples), averageFps(samples));
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
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
