import type { ComponentType } from 'react';
import { GAME_LIST, gameSwitchedOn, type GameKey } from '../../core/games.ts';
import { GAME_ICONS } from '../../ui/game-icons.tsx';
import type { ServerManifest } from '../connection/index.ts';

/** One game's tile on the home page. */
export interface GameTile {
  game: GameKey;
  title: string;
  to: string;
  blurb: string;
  icon: ComponentType<{ width?: number; height?: number }>;
  /** The tile's colour (RGB triplet), taken from the spec's rarity colours. */
  colour: string;
}

/**
 * Each game's line and colour (an RGB triplet from the spec's rarity colours); a game of the
 * registry without them does not compile. Kept here, not in the registry: the home page's
 * chunk carries them, the first page does not.
 */
const TILES = {
  unbox: { blurb: 'Open a case, keep the drop or sell it back on the spot.', colour: '255 129 8' },
  battle: { blurb: 'Up to five seats open the same cases. The best haul takes every drop.', colour: '217 28 43' },
  chicken: { blurb: 'Cross step by step and cash out before the chicken gets caught.', colour: '229 191 38' },
  dice: { blurb: 'Roll over or under your target. Lower chance, bigger multiplier.', colour: '220 107 252' },
} satisfies Record<GameKey, { blurb: string; colour: string }>;

/**
 * The home page's game tiles: every game of the registry. A game behind a manifest switch
 * shows until the manifest says it is off, so the first paint keeps its place.
 */
export function homeGameTiles(manifest: ServerManifest | undefined): GameTile[] {
  return GAME_LIST.filter((game) => !manifest || gameSwitchedOn(game, manifest.stats)).map((game) => ({
    game: game.key,
    title: game.name,
    to: game.route,
    blurb: TILES[game.key].blurb,
    icon: GAME_ICONS[game.key],
    colour: TILES[game.key].colour,
  }));
}
