// A small seeded random number generator. Not for outcomes that pay (those use fairTicket):
// it makes the catalog the same on every start and lets the case page's simulations repeat.

/** A source of numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** Mulberry32: a fast 32-bit generator; the same seed always gives the same sequence. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit seed from text (FNV-1a), so named things get their own stable sequence. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A whole number in min..max (both included). */
export function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One element of a non-empty list. */
export function randomPick<T>(random: RandomSource, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('cannot pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(random: RandomSource, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
