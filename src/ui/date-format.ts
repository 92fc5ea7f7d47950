/**
 * A date formatter made the first time it formats. The first Intl object a page makes loads the
 * browser's locale data, 20-90 ms of the main thread on this machine at full speed, so a module
 * that may show a date one day does not make its formatter as it loads: that cost landed in the
 * start-up of pages that show no date at all (/cases, issue 31). Made once, it is also not
 * made again for every row: Date#toLocaleString and its kin build one on each call. No locale
 * (undefined) is the browser's own.
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): { format(date: number | Date): string } {
  let made: Intl.DateTimeFormat | null = null;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(date) };
}

/** en-GB's short month names, as Intl writes them ("Sept" included). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A UTC day and month as en-GB writes them ("30 Nov"), without Intl. Where a page's first render
 * shows a date (the race's period), the first formatter it made loaded the locale data in that
 * render: 139 ms of one task at 6x CPU on /event/race (docs/decisions/0053).
 */
export function dayMonthUtc(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''}`;
}
