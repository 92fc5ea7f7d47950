// Issue 31 (docs/decisions/0053): performance mode's frame cap, the automatic switch's probes, and
// the contract's shared helper schemas.
import { afterEach, describe, expect, test } from 'vitest';
import { cents, hashId, int, stamp, text, z } from '../../src/contract/wire.ts';
import { PERFORMANCE_FPS, frameCap } from '../../src/gfx/render-policy.ts';
import { FPS_SAMPLES } from '../../src/ui/performance.ts';
import { MAIN_THREAD_PROBE, isSlowMainThread, probeFrameRate, probeWork } from '../../src/ui/performance-probe.ts';

describe('performance mode frame cap', () => {
  test('25 fps in performance mode, the player\'s lower limit kept, nothing capped in normal mode', () => {
    expect(PERFORMANCE_FPS).toBe(25);
    expect(frameCap(true, 0)).toBe(25);
    expect(frameCap(true, 60)).toBe(25);
    expect(frameCap(true, 15)).toBe(15);
    expect(frameCap(false, 0)).toBe(0);
    expect(frameCap(false, 30)).toBe(30);
    expect(frameCap(false, Number.NaN)).toBe(0);
    expect(frameCap(true, -5)).toBe(25);
  });
});

describe('main thread speed check', () => {
  test('slow below the bound only, and a check without a figure is not slow', () => {
    expect(isSlowMainThread(MAIN_THREAD_PROBE.slowBelow - 1)).toBe(true);
    expect(isSlowMainThread(MAIN_THREAD_PROBE.slowBelow)).toBe(false);
    expect(isSlowMainThread(90_000)).toBe(false);
    expect(isSlowMainThread(Number.NaN)).toBe(false);
    expect(isSlowMainThread(Number.POSITIVE_INFINITY)).toBe(false);
  });

  test('the work unit is the same work every time', () => {
    expect(probeWork()).toBe(probeWork());
  });
});

/** A page's frames under test: rAF callbacks run when `frame(ms)` says so. */
function fakeFrames() {
  let now = 0;
  let queued: ((time: number) => void)[] = [];
  const g = globalThis as Record<string, unknown>;
  g.document = { visibilityState: 'visible' };
  g.requestAnimationFrame = (callback: (time: number) => void) => {
    queued.push(callback);
    return queued.length;
  };
  g.cancelAnimationFrame = () => {
    queued = [];
  };
  return {
    /** Runs the frame `ms` after the last; answers whether anything asked for it. */
    frame(ms: number): boolean {
      now += ms;
      const run = queued;
      queued = [];
      for (const callback of run) callback(now);
      return run.length > 0;
    },
  };
}

describe('frame rate probe', () => {
  afterEach(() => {
    const g = globalThis as Record<string, unknown>;
    delete g.document;
    delete g.requestAnimationFrame;
    delete g.cancelAnimationFrame;
  });

  test('samples only while the arena animates, and answers slow after 500 frames at 20 fps', () => {
    const frames = fakeFrames();
    let active = false;
    const listeners = new Set<() => void>();
    const answers: [boolean, number][] = [];
    const stop = probeFrameRate((slow, fps) => answers.push([slow, fps]), {
      active: () => active,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    // Idle: no frames asked for at all.
    expect(frames.frame(16)).toBe(false);
    active = true;
    for (const listener of listeners) listener();
    for (let i = 0; i < FPS_SAMPLES + 5 && answers.length === 0; i++) frames.frame(50);
    expect(answers).toHaveLength(1);
    expect(answers[0]![0]).toBe(true);
    expect(answers[0]![1]).toBeCloseTo(20);
    // Done: no more frames.
    expect(frames.frame(50)).toBe(false);
    stop();
  });

  test('a pause between animations is not a slow frame, and 60 fps is not slow', () => {
    const frames = fakeFrames();
    let active = true;
    const listeners = new Set<() => void>();
    const answers: boolean[] = [];
    probeFrameRate((slow) => answers.push(slow), {
      active: () => active,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    for (let i = 0; i < 200; i++) frames.frame(1000 / 60);
    // The animation ends; three seconds later the next starts.
    active = false;
    frames.frame(1000 / 60);
    frames.frame(3000);
    active = true;
    for (const listener of listeners) listener();
    for (let i = 0; i < FPS_SAMPLES && answers.length === 0; i++) frames.frame(1000 / 60);
    expect(answers).toEqual([false]);
  });
});

describe('shared helper schemas', () => {
  test('one schema per helper and arguments, and they still parse as before', () => {
    expect(int()).toBe(int());
    expect(hashId()).toBe(hashId());
    expect(stamp()).toBe(stamp());
    expect(cents()).toBe(cents(1));
    expect(cents(0)).not.toBe(cents(1));
    expect(text(1, 64)).toBe(text(1, 64));
    expect(text(1, 64)).not.toBe(text(1, 65));
    expect(z.parse(int(), '42')).toBe(42);
    expect(z.safeParse(int(), '4.2').success).toBe(false);
    expect(z.safeParse(cents(), 0).success).toBe(false);
    expect(z.parse(cents(0), '0')).toBe(0);
    expect(z.parse(text(1, 5), '  abc ')).toBe('abc');
    expect(z.safeParse(text(1, 5), 'abcdef').success).toBe(false);
    // A check on a shared schema makes a new one and leaves the shared one as it was.
    const small = int().check(z.lte(3));
    expect(z.safeParse(small, 4).success).toBe(false);
    expect(z.parse(int(), 4)).toBe(4);
  });
});
