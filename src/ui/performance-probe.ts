/**
 * The measurements behind performance mode's automatic switch (performance.ts says the rule;
 * src/features/settings/auto-performance.ts acts on them). Loaded at idle after the first page,
 * never with it.
 */
import { FPS_SAMPLES, averageFps, isTooSlow } from './performance.ts';

/** When frames are sampled: `active()` says whether to sample now, `subscribe` tells when that may have changed. */
export type FrameWindow = { active(): boolean; subscribe(listener: () => void): () => void };

/** Every frame (the spec's plain rule; tests use it). */
const ALWAYS: FrameWindow = { active: () => true, subscribe: () => () => undefined };

/**
 * Samples 500 frames while the tab is visible and `during` is active (hidden tabs get no
 * frames, and a frame after a hidden or inactive spell would read as one very slow frame) and
 * answers whether the average was under 25 fps. Frames are asked for only while sampling. The
 * answer stops it early.
 */
export function probeFrameRate(onDone: (slow: boolean, fps: number) => void, during: FrameWindow = ALWAYS): () => void {
  const samples: number[] = [];
  let last = 0;
  let frame = 0;
  let done = false;
  const step = (now: number) => {
    frame = 0;
    if (done) return;
    const sampling = document.visibilityState === 'visible' && during.active();
    if (sampling && last > 0 && now - last < 1000) samples.push(now - last);
    last = sampling ? now : 0;
    if (samples.length >= FPS_SAMPLES) {
      done = true;
      off();
      return onDone(isTooSlow(samples), averageFps(samples));
    }
    if (sampling) frame = requestAnimationFrame(step);
  };
  const wake = () => {
    if (!done && frame === 0 && during.active()) frame = requestAnimationFrame(step);
  };
  const off = during.subscribe(wake);
  wake();
  return () => {
    done = true;
    off();
    cancelAnimationFrame(frame);
  };
}

/**
 * The main thread's speed check: a fixed piece of work (object, arithmetic and string work,
 * about 11 µs on a 2020s laptop) run over and over in slices of a few milliseconds, yielding
 * between slices so a tap is never kept waiting, for MAIN_THREAD_PROBE.windowMs of wall time.
 * Work done per second says how much main thread the page gets: a laptop does some 90,000, a
 * mid-range phone a third to a quarter of that, and Chromium with its CPU slowed 4x or 6x
 * (DevTools' throttling, which also stalls the thread between slices) under 8,000 on the
 * machine this was measured on (docs/decisions/0053).
 */
export const MAIN_THREAD_PROBE = { windowMs: 400, sliceMs: 3, slowBelow: 10_000 } as const;

/** Units run before the speed check's window opens, so that it times optimised code. */
const WARM_UP_UNITS = 50;

/** One unit of the speed check's work; the answer only keeps it from being optimised away. */
export function probeWork(): number {
  let sum = 0;
  const parts: string[] = [];
  for (let i = 0; i < 400; i++) {
    const item = { i, v: Math.sqrt(i) * 1.5, s: `n${i}` };
    sum += (item.v | 0) + item.s.length;
    parts.push(item.s);
  }
  return sum + parts.join(',').length;
}

/** Whether a speed check's units per second mark the device as slow. */
export function isSlowMainThread(unitsPerSecond: number): boolean {
  return Number.isFinite(unitsPerSecond) && unitsPerSecond < MAIN_THREAD_PROBE.slowBelow;
}

/**
 * Runs the speed check once and answers whether the main thread is slow and its units per
 * second. A tab hidden during the check (a background tab gets little of the thread) answers
 * nothing: the check is not conclusive then. The answer stops it early.
 */
export function probeMainThread(onDone: (slow: boolean, unitsPerSecond: number) => void): () => void {
  let stopped = false;
  // A message yields to the browser without a timer's clamping; a timer where there is none.
  const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
  let waiting: (() => void) | null = null;
  channel?.port1.addEventListener('message', () => {
    const run = waiting;
    waiting = null;
    run?.();
  });
  channel?.port1.start();
  const next = (run: () => void) => {
    if (channel) {
      waiting = run;
      channel.port2.postMessage(0);
    } else setTimeout(run, 0);
  };
  // The check's own code is warmed up first, as its first calls run unoptimised: in slices like
  // the check's, since cold, the 50 calls were one task of 34 ms at 6x CPU (issue 31).
  let warm = 0;
  let start: number | undefined;
  let units = 0;
  const slice = () => {
    if (stopped) return;
    if (document.visibilityState !== 'visible') return channel?.port1.close();
    const t0 = performance.now();
    if (warm < WARM_UP_UNITS) {
      while (warm < WARM_UP_UNITS && performance.now() - t0 < MAIN_THREAD_PROBE.sliceMs) {
        probeWork();
        warm += 1;
      }
      return next(slice);
    }
    start ??= t0;
    while (performance.now() - t0 < MAIN_THREAD_PROBE.sliceMs) {
      probeWork();
      units += 1;
    }
    const elapsed = performance.now() - start;
    if (elapsed < MAIN_THREAD_PROBE.windowMs) return next(slice);
    channel?.port1.close();
    const perSecond = (units * 1000) / elapsed;
    console.info(`main thread speed check: ${Math.round(perSecond)} units a second`);
    onDone(isSlowMainThread(perSecond), perSecond);
  };
  next(slice);
  return () => {
    stopped = true;
    channel?.port1.close();
  };
}

