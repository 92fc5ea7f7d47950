/**
 * A date formatter made the first time it formats. The first Intl object a page makes loads the
 * browser's locale data, 20-90 ms of the main thread on this machine at full speed, so a module
 * that may show a date one day does not make its formatter as it loads: that cost landed in the
 * start-up of pages that show no date at all (/cases, issue 31). Made once, it is also not
 * made again for every row: Date#toLocaleString and its kin build one on each call. It writes
 * in the browser's own locale; the arena's own shapes are `formatEnGb`'s.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): { format(date: number | Date): string } {
  let made: Intl.DateTimeFormat | null = null;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(undefined, options)).format(date) };
}

/** en-GB's short month names, as Intl writes them ("Sept" included). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The shapes the arena writes its own times in, as en-GB's Intl writes them: a medium date
 * ("1 Sept 2026"), with the time to the minute or the second ("1 Sept 2026, 09:05"), or the time
 * alone ("09:05").
 */
export type EnGbShape = 'date' | 'date-minutes' | 'date-seconds' | 'time';

/**
 * A time in the device's zone, in one of the arena's en-GB shapes, without Intl. These pages'
 * first renders write dates (an inventory's drops, a wallet's history): made there, the page's
 * first formatter loaded the locale data inside that render, 20 ms of one task at full speed on
 * /inventory and some 90 ms at Lighthouse's slowdown (docs/decisions/0053). A player's own
 * locale still goes through `dateFormat`.
 */
export function formatEnGb(at: number | Date, shape: EnGbShape): string {
  const date = new Date(at);
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  if (shape === 'time') return time;
  const day = `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}`;
  if (shape === 'date') return day;
  return `${day}, ${time}${shape === 'date-seconds' ? `:${twoDigits(date.getSeconds())}` : ''}`;
}

/**
 * A UTC day and month as en-GB writes them ("30 Nov"), without Intl. Where a page's first render
 * shows a date (the race's period), the first formatter it made loaded the locale data in that
 * render: 139 ms of one task at 6x CPU on /event/race (docs/decisions/0053).
 */
export function dayMonthUtc(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''}`;
}
