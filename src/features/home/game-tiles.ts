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

/** Each game's tile colour; a game of the registry without one does not compile. */
const TILE_COLOURS = {
  unbox: '255 129 8',
  battle: '217 28 43',
  chicken: '229 191 38',
  dice: '220 107 252',
} satisfies Record<GameKey, string>;

/**
 * The home page's game tiles: every game of the registry. A game behind a manifest switch
 * shows until the manifest says it is off, so the first paint keeps its place.
 */
export function homeGameTiles(manifest: ServerManifest | undefined): GameTile[] {
  return GAME_LIST.filter((game) => !manifest || gameSwitchedOn(game, manifest.stats)).map((game) => ({
    game: game.key,
    title: game.name,
    to: game.route,
    blurb: game.blurb,
    icon: GAME_ICONS[game.key],
    colour: TILE_COLOURS[game.key],
  }));
}
