import { describe, expect, test } from 'vitest';
import { dayMonthUtc, formatEnGb } from '../../src/ui/date-format.ts';

describe('dayMonthUtc', () => {
  const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

  test('writes every month and day as en-GB does', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const ms = Date.UTC(2026, month, day, 12);
        expect(dayMonthUtc(ms)).toBe(intl.format(ms));
      }
    }
  });

  test('reads the day in UTC, not in the local zone', () => {
    // A minute before midnight UTC on 31 December is still the 31st.
    expect(dayMonthUtc(Date.UTC(2026, 11, 31, 23, 59))).toBe('31 Dec');
    expect(dayMonthUtc(Date.UTC(2027, 0, 1, 0, 0))).toBe('1 Jan');
  });
});

describe('formatEnGb', () => {
  const intl = {
    date: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }),
    'date-minutes': new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    'date-seconds': new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }),
    time: new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }),
  } as const;

  test('writes each shape as en-GB Intl does, in the local zone, every month and hour', () => {
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute, second] of [
        [1, 0, 0, 0],
        [9, 9, 5, 7],
        [28, 12, 30, 59],
        [30, 23, 59, 1],
      ] as const) {
        const at = new Date(2026, month, day, hour, minute, second).getTime();
        for (const shape of ['date', 'date-minutes', 'date-seconds', 'time'] as const) expect(formatEnGb(at, shape)).toBe(intl[shape].format(at));
      }
    }
  });

  test('takes a Date as well as milliseconds', () => {
    const at = new Date(2027, 0, 5, 7, 3);
    expect(formatEnGb(at, 'date-minutes')).toBe('5 Jan 2027, 07:03');
  });
});
