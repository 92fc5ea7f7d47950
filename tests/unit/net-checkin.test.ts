import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHECKIN_GUARD_MS, CHECKIN_THROTTLE_MS, createCheckin } from '../../src/net/checkin.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

function scheduler(lastSent = 0, socketUp = true) {
  const sent: number[] = [];
  let last = lastSent;
  const checkin = createCheckin({
    send: () => {
      if (!socketUp) return false;
      sent.push(Date.now());
      return true;
    },
    lastSent: () => last,
    remember: (time) => (last = time),
  });
  return { checkin, sent, last: () => last };
}

describe('check-in', () => {
  test('the spec’s numbers: 60 s throttle, 5 s guard', () => {
    expect([CHECKIN_THROTTLE_MS, CHECKIN_GUARD_MS]).toEqual([60_000, 5_000]);
  });

  test('after authentication a check-in goes out at once, even within the minute of the last one', () => {
    const { checkin, sent } = scheduler(Date.now() - 10_000);
    expect(checkin.request('authed')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  test('nothing goes out while one is in progress; the flag clears after 5 s', () => {
    const { checkin, sent } = scheduler();
    expect(checkin.request('authed')).toBe(true);
    expect(checkin.request('page-active')).toBe(false);
    vi.advanceTimersByTime(CHECKIN_GUARD_MS - 1);
    expect(checkin.inProgress()).toBe(true);
    expect(checkin.request('page-active')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(checkin.inProgress()).toBe(false);
    expect(checkin.request('page-active')).toBe(true);
    expect(sent).toHaveLength(2);
  });

  test('other occasions check in at most once per 60 s, counted from the last one sent', () => {
    const { checkin, sent, last } = scheduler();
    expect(checkin.request('activity')).toBe(true);
    const first = last();
    vi.advanceTimersByTime(30_000);
    expect(checkin.request('activity')).toBe(false);
    vi.advanceTimersByTime(29_999);
    expect(checkin.request('activity')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(checkin.request('activity')).toBe(true);
    expect(sent).toEqual([first, first + 60_000]);
  });

  test('the last check-in time carries over (a reload within the minute does not check in on activity)', () => {
    const { checkin, sent } = scheduler(Date.now() - 20_000);
    expect(checkin.request('activity')).toBe(false);
    expect(checkin.request('page-active')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  test('a socket that cannot send counts as nothing sent', () => {
    const { checkin, sent, last } = scheduler(0, false);
    expect(checkin.request('authed')).toBe(false);
    expect(checkin.inProgress()).toBe(false);
    expect([sent, last()]).toEqual([[], 0]);
  });
});
