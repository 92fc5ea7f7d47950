import { levelBand } from '../core/levels.ts';

/** Colours of the level bands 1-19 .. 100+ (document 1 section 9 names the bands, not the colours). */
export const LEVEL_BAND_COLOURS = ['#8f8f8f', '#5e98d9', '#8847ff', '#dc6bfc', '#d91c2b', '#e5bf26'] as const;

/** The colour of a level's band. */
export function levelColour(level: number): string {
  return LEVEL_BAND_COLOURS[levelBand(level)] ?? LEVEL_BAND_COLOURS[0];
}

/** Colours of the rank groups (ranks are coloured by group, every five ranks). */
export const RANK_GROUP_COLOURS: Record<string, string> = { bronze: '#cd7f32', silver: '#c0c7d2', gold: '#e5bf26', diamond: '#7cc4ff' };
