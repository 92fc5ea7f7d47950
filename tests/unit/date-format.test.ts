import { describe, expect, test } from 'vitest';
import { dayMonthUtc } from '../../src/ui/date-format.ts';

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
