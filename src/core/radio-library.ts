// The Wave station's library: tracks composed by radio-synth.ts from these seeds. The names,
// artists and albums are the sim's own; nothing here is anyone else's music.
import { seedFromText } from './seeded-random.ts';

/** One track of the library as the catalog lists it. */
export interface RadioTrack {
  /** Position in the library; the sound's id is its SF hash. */
  n: number;
  name: string;
  author: string;
  album: string;
  year: number;
  /** What radio-synth composes the track from. */
  seed: number;
}

const ENTRIES: readonly [name: string, author: string, album: string, year: number][] = [
  ['Neon Drop', 'Case Crackers', 'Night Shift', 2024],
  ['Gold Tier', 'Case Crackers', 'Night Shift', 2024],
  ['Crazy Mode', 'The Respawns', 'Terminal', 2025],
  ['Last Round', 'The Respawns', 'Terminal', 2025],
  ['Split or Steal', 'Pocket Knife', 'Commit Reveal', 2023],
  ['Seed Rotation', 'Pocket Knife', 'Commit Reveal', 2023],
  ['Blue Gem', 'Wave Crew', 'Skins & Strings', 2025],
  ['Rain Boost', 'Wave Crew', 'Skins & Strings', 2025],
  ['Vault Locked', 'Ledger Lines', 'Double Entry', 2026],
  ['Chicken Run', 'Ledger Lines', 'Double Entry', 2026],
  ['Tiebreak', 'Crown Kings', 'Fair Roll', 2024],
  ['Beacon Block', 'Crown Kings', 'Fair Roll', 2024],
];

/** Every track, in library order. */
export const RADIO_LIBRARY: readonly RadioTrack[] = ENTRIES.map(([name, author, album, year], i) => ({
  n: i + 1,
  name,
  author,
  album,
  year,
  seed: seedFromText(`wave:${name}`),
}));

/** How a sound's source names its composition: the renderer and the seed. */
export const synthSource = (seed: number): string => `synth:v1:${seed}`;

/** The seed of a `synth:v1:` source, or null for anything else. */
export function seedOfSource(source: string): number | null {
  const match = /^synth:v1:(\d{1,10})$/.exec(source);
  return match ? Number(match[1]) >>> 0 : null;
}

/**
 * The built file of a track (scripts/radio-tracks.ts: Ogg Opus, made at build time) under
 * /assets/, named by the renderer's version and the seed so it can be cached for good.
 */
export const radioTrackFile = (seed: number): string => `wave-synth-v1-${seed}.ogg`;
