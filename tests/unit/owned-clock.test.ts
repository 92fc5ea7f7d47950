import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTimerOwner, everyOwned } from '../../sim-server/cluster/timers.ts';

/** An app as everyOwned sees it: a log that keeps errors, and close hooks run on demand. */
function fakeApp() {
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  const app = {
    log: { error: (_obj: unknown, message: string) => errors.push(message) },
    addHook: (_name: string, hook: () => Promise<void>) => closers.push(hook),
  };
  return { app: app as unknown as Parameters<typeof everyOwned>[0], errors, close: () => Promise.all(closers.map((hook) => hook())) };
}

describe('everyOwned: a domain clock that runs only in the process owning the clocks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('the owner runs the step at once and then every period, until the app closes', async () => {
    const owner = await createTimerOwner(async () => true, () => undefined);
    const { app, close } = fakeApp();
    let steps = 0;
    await everyOwned(app, owner, 'test step', 500, () => {
      steps++;
    });
    expect(steps).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(steps).toBe(4);
    await close();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(steps).toBe(4);
    owner.close();
  });

  test('another process runs nothing until it takes the lease over, then catches up at once', async () => {
    let lease = false;
    const owner = await createTimerOwner(async () => lease, () => undefined, 1_000);
    const { app } = fakeApp();
    let steps = 0;
    await everyOwned(app, owner, 'test step', 5_000, () => {
      steps++;
    });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(steps).toBe(0);
    lease = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(steps).toBe(1);
    owner.close();
  });

  test('a step that throws is logged by name and the next one runs again', async () => {
    const owner = await createTimerOwner(async () => true, () => undefined);
    const { app, errors } = fakeApp();
    let steps = 0;
    await everyOwned(app, owner, 'flaky step', 1_000, () => {
      steps++;
      if (steps === 1) throw new Error('database away');
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(steps).toBe(2);
    expect(errors).toEqual(['flaky step failed']);
    owner.close();
  });
});
