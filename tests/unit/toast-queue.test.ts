import { describe, expect, test } from 'vitest';
import {
  DEFAULT_TOAST_MS,
  ERROR_TOAST_MS,
  EXP_TOAST_MS,
  TOAST_LIMIT,
  addToast,
  dismissToast,
  nextTickDelay,
  tickToasts,
  type Toast,
  type ToastInput,
} from '../../src/ui/toast-queue.ts';

const info = (title: string, extra: Partial<ToastInput> = {}): ToastInput => ({ type: 'balance', title, message: title, ...extra });

function fill(inputs: ToastInput[]): Toast[] {
  return inputs.reduce<Toast[]>((queue, input, i) => addToast(queue, input, i + 1, 1000 + i), []);
}

describe('toast lifetimes', () => {
  test('a toast lives 5 s, an exp toast 3 s, an error notice 2.5 s, and a given timer wins', () => {
    const queue = fill([
      info('plain'),
      { type: 'exp', title: 'Experience', message: '', data: { exp: 10 } },
      { type: 'error', title: 'INPUT ERROR', message: 'bad', error: true },
      info('timed', { timerMs: 8000 }),
      { type: 'error', title: 'ACCESS DENIED', message: 'no', error: true, timerMs: 4000 },
    ]);
    expect(queue.map((t) => t.timerMs)).toEqual([DEFAULT_TOAST_MS, EXP_TOAST_MS, ERROR_TOAST_MS, 8000, 4000]);
    expect(queue.map((t) => t.remainingMs)).toEqual(queue.map((t) => t.timerMs));
  });
});

describe('the countdown', () => {
  test('runs on the oldest toast only, once per second', () => {
    let queue = fill([info('first'), info('second')]);
    expect(nextTickDelay(queue)).toBe(1000);
    queue = tickToasts(queue, 1000);
    expect(queue.map((t) => t.remainingMs)).toEqual([4000, 5000]);
    for (let i = 0; i < 4; i += 1) queue = tickToasts(queue, 1000);
    expect(queue.map((t) => t.title)).toEqual(['second']);
    expect(queue[0]!.remainingMs).toBe(5000);
  });

  test('an error notice goes after exactly 2.5 s: the last step is the half second left', () => {
    let queue = fill([{ type: 'error', title: 'INTERNAL ERROR', message: 'x', error: true }]);
    const steps: number[] = [];
    while (queue.length > 0) {
      const delay = nextTickDelay(queue)!;
      steps.push(delay);
      queue = tickToasts(queue, delay);
    }
    expect(steps).toEqual([1000, 1000, 500]);
  });

  test('an empty queue has no next tick and ticking it is harmless', () => {
    expect(nextTickDelay([])).toBeNull();
    expect(tickToasts([], 1000)).toEqual([]);
  });
});

describe('the limit', () => {
  test('at most 20 are kept: the 21st drops the oldest', () => {
    const queue = fill(Array.from({ length: TOAST_LIMIT + 1 }, (_, i) => info(`t${i}`)));
    expect(queue).toHaveLength(TOAST_LIMIT);
    expect(queue[0]!.title).toBe('t1');
    expect(queue.at(-1)!.title).toBe(`t${TOAST_LIMIT}`);
  });
});

describe('merging', () => {
  test('experience and rank changes merge into the one exp toast and their experience adds up', () => {
    let queue = fill([info('other'), { type: 'exp', title: 'Experience', message: '', data: { exp: 120 } }]);
    queue = tickToasts(queue, 1000);
    queue = addToast(queue, { type: 'experience_changed', title: 'Experience', message: '', data: { exp: 30 } }, 10, 5000);
    queue = addToast(queue, { type: 'user_rank_changed', title: 'Experience', message: '', data: { exp: 50, rank: 'Silver II' } }, 11, 6000);
    expect(queue).toHaveLength(2);
    const exp = queue.find((t) => t.type === 'exp')!;
    expect(exp.data.exp).toBe(200);
    expect(exp.message).toBe('+200 XP');
    expect(exp.data.rank).toBe('Silver II');
    expect(exp.remainingMs).toBe(EXP_TOAST_MS);
  });

  test('received keys of the same key id merge and add their counts; other ids stay apart', () => {
    let queue: Toast[] = [];
    queue = addToast(queue, { type: 'received_keys', title: 'Keys', message: '', data: { keyId: 'bronze', count: 1 } }, 1, 0);
    queue = addToast(queue, { type: 'received_keys', title: 'Keys', message: '', data: { keyId: 'silver', count: 2 } }, 2, 0);
    queue = addToast(queue, { type: 'received_keys', title: 'Keys', message: '', data: { keyId: 'bronze', count: 3 } }, 3, 0);
    expect(queue.map((t) => [t.data.keyId, t.data.count])).toEqual([
      ['bronze', 4],
      ['silver', 2],
    ]);
    expect(queue[0]!.message).toBe('+4 bronze keys');
  });

  test('keys of the promo gift case never show', () => {
    const queue = addToast([], { type: 'received_keys', title: 'Keys', message: '', data: { keyId: 'promo_gift_case', count: 1 } }, 1, 0);
    expect(queue).toEqual([]);
  });

  test('balance toasts never merge', () => {
    const queue = fill([info('Instant sell'), info('Instant sell')]);
    expect(queue).toHaveLength(2);
  });
});

describe('dismissing', () => {
  test('closing the oldest hands the countdown to the next one', () => {
    let queue = fill([info('a'), info('b')]);
    queue = dismissToast(queue, queue[0]!.id);
    expect(queue.map((t) => t.title)).toEqual(['b']);
    expect(tickToasts(queue, 1000)[0]!.remainingMs).toBe(4000);
  });
});
