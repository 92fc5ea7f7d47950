// A battle scheme lists cases and how many rounds of each, dash-separated: SF12-5-SF40-1 is
// five rounds of case SF12 then one of SF40. It travels in URLs and create calls, so the
// client and the sim-server must read it the same way.
import { expandHash, shortenHash } from './hash-id.ts';

/** Round counts a case can have in a battle (document 1, section 9). */
export const CASE_COUNTS = [1, 5, 10, 20, 50, 100] as const;

/** Most rounds a battle can have in all. */
export const MAX_ROUNDS = 100;

/** Seats a battle can have (docs/design.md section 7; the spec's arena max of 5 players). */
export const BATTLE_SEATS = { min: 2, max: 5 } as const;

/** One part of a scheme: a case by full hash and its number of rounds. */
export type SchemeEntry = { box: string; count: number };

/** Outcome of reading a scheme: its entries or the reason it was refused. */
export type SchemeResult = { ok: true; entries: SchemeEntry[] } | { ok: false; error: string };

function isCaseCount(value: number): boolean {
  return (CASE_COUNTS as readonly number[]).includes(value);
}

/** Reads a scheme text into entries with full hashes; refuses bad hashes, counts, odd parts and over 100 rounds. */
export function parseScheme(text: string): SchemeResult {
  if (text === '') return { ok: false, error: 'Empty scheme' };
  const parts = text.split('-');
  if (parts.length % 2 !== 0) return { ok: false, error: 'Scheme needs a count after every case' };
  const entries: SchemeEntry[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const hashText = parts[i] ?? '';
    const countText = parts[i + 1] ?? '';
    const box = expandHash(hashText);
    if (box === null) return { ok: false, error: `Invalid case hash ${hashText}` };
    const count = /^[1-9]\d*$/.test(countText) ? Number(countText) : Number.NaN;
    if (!isCaseCount(count)) return { ok: false, error: `Invalid case count ${countText}` };
    entries.push({ box, count });
  }
  if (schemeRounds(entries).length > MAX_ROUNDS) return { ok: false, error: 'Too many rounds' };
  return { ok: true, entries };
}

/** Scheme text for entries, hashes in short form: [{SF0000000012, 5}] -> "SF12-5". */
export function formatScheme(entries: readonly SchemeEntry[]): string {
  return entries
    .map(({ box, count }) => {
      const short = shortenHash(box);
      if (short === null) throw new RangeError(`not a case hash: ${box}`);
      return `${short}-${count}`;
    })
    .join('-');
}

/** A seat's price in cents: each case's price times its rounds, the same on both sides of the wire. */
export function schemePrice<T extends { count: number }>(entries: readonly T[], priceOf: (entry: T) => number): number {
  return entries.reduce((sum, entry) => sum + priceOf(entry) * entry.count, 0);
}

/** The case of every round in order: one box hash per round. */
export function schemeRounds(entries: readonly SchemeEntry[]): string[] {
  return entries.flatMap(({ box, count }) => Array.from({ length: count }, () => box));
}

/**
 * Whether a scheme names a case more than once (document 1, section 5): a scheme with an odd
 * number of parts is not a duplicate; short and full forms of one hash are the same case.
 */
export function isDuplicateScheme(text: string): boolean {
  const parts = text.split('-');
  if (parts.length % 2 !== 0) return false;
  const boxes = parts.filter((_, i) => i % 2 === 0).map((part) => expandHash(part) ?? part);
  return new Set(boxes).size < boxes.length;
}
