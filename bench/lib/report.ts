/** The benchmark table: one row per figure, printed once and written as JSON. */

/** One line of the table. */
export interface Row {
  benchmark: string;
  figure: string;
  /** The number behind `figure`, for the JSON (null when there is none). */
  value: number | null;
  unit: string;
  target: string;
  /** A ratio and/or PASS / FAIL / OK / BROKEN / ERROR / n/a. */
  verdict: string;
}

/** What one benchmark hands back. */
export interface Section {
  rows: Row[];
  /** Context under the table: CPU use, counts, caveats. */
  notes: string[];
  /** Machine-readable details for latest.json. */
  details: Record<string, unknown>;
  /** A broken money invariant (or a crashed benchmark): the process exits with 1. */
  fatal: boolean;
  /** The section judged other processes' CPU use per row itself (the runner then leaves its rows alone). */
  noiseChecked?: boolean;
}

/** Formats a number for the table: thousands separated, a sensible number of decimals. */
export function fmt(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A pass/fail word for a figure against a bound. */
export function judge(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}

/** The table as text. */
export function renderTable(rows: Row[]): string {
  const header = ['benchmark', 'figure', 'unit', 'target', 'ratio/verdict'];
  const cells = rows.map((r) => [r.benchmark, r.figure, r.unit, r.target, r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 1 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
