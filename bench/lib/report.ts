/** The benchmark table: one row per figure, printed once and written as JSON. */
import { writeFileSync } from 'node:fs';

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

/** The value after a flag on this process's command line (`--runs 3`), if the flag is there. */
export function flag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * Runs one benchmark from its own file's command line (`node bench/frames.ts --rate 6`):
 * `flag('--name')` reads the value after a flag; prints the table and notes, and writes the
 * details to the file after --json when one is given.
 */
export async function runAlone(run: (flag: (name: string) => string | undefined) => Promise<Section>): Promise<void> {
  const section = await run(flag);
  console.log(renderTable(section.rows));
  for (const note of section.notes) console.log(`- ${note}`);
  const out = flag('--json');
  if (out) writeFileSync(out, `${JSON.stringify(section.details, null, 2)}\n`);
}
