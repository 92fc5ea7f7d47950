/**
 * Race periods (Race+, /event/race/{period}; docs/decisions/0014), shared by server and client: a day, a Monday-to-Monday
 * week and a calendar month, all in UTC, and the prize each place of a period earns.
 */
import type { RacePeriod } from './race-period-names.ts';

export { FEATURED_RACE, RACE_PERIODS, isRacePeriod, type RacePeriod } from './race-period-names.ts';

const DAY = 86_400_000;
// 1970-01-05 was a Monday: weeks are counted from there.
const MONDAY = 4 * DAY;

/** The period that contains `now`: [start, end) in ms. */
export function periodAt(period: RacePeriod, now: number): { start: number; end: number } {
  if (period === 'daily') {
    const start = Math.floor(now / DAY) * DAY;
    return { start, end: start + DAY };
  }
  if (period === 'weekly') {
    const start = Math.floor((now - MONDAY) / (7 * DAY)) * 7 * DAY + MONDAY;
    return { start, end: start + 7 * DAY };
  }
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return { start, end: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) };
}

/** The period that starts at `start` (a start periodAt gave). */
export function periodFrom(period: RacePeriod, start: number): { start: number; end: number } {
  return periodAt(period, start);
}

/** The house's prize pool of each period, in cents. */
export const RACE_POOL: Record<RacePeriod, number> = { daily: 5_000, weekly: 25_000, monthly: 100_000 };

/** Shares of the pool by place (percent, top 10); places nobody reached stay with the house. */
export const RACE_SHARES: readonly number[] = [30, 20, 14, 10, 8, 6, 4, 3, 3, 2];

/** The prize of a place (1-based) in a period, in cents; 0 past the paid places. */
export function prizeOf(period: RacePeriod, place: number): number {
  const share = RACE_SHARES[place - 1] ?? 0;
  return Math.floor((RACE_POOL[period] * share) / 100);
}
