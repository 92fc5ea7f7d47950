import type { ComponentType } from 'react';
import { GAME_LIST, type GameKey } from '../../core/games.ts';
import { GAME_ICONS } from '../../ui/game-icons.tsx';
import type { ServerManifest } from '../connection/index.ts';
import { gameNavItem, navItemVisible } from './nav-items.ts';

// The footer's and the mobile menu's game lists, from the game registry. Apart from
// nav-items.ts because only those two lazy parts need them: the header's module is on the
// first page, whose budget is tight (docs/decisions/0007).

/** The footer's games column: every game (shown whatever the manifest), then the events. */
export const FOOTER_GAMES: readonly { label: string; to: string }[] = [
  ...GAME_LIST.map((game) => ({ label: game.name, to: game.route })),
  { label: 'Rewards', to: '/rewards' },
  { label: 'Race+', to: '/event/race' },
];

/** One game of the mobile menu. */
export interface MobileGameEntry {
  label: string;
  to: string;
  icon: ComponentType<{ width?: number; height?: number }>;
  badge: number | null;
  game: GameKey;
}

/**
 * The games of the mobile menu (document 1 section 2.2), by their full names, each with its
 * badge of running games; a game behind a manifest switch waits for the manifest.
 */
export function mobileGameEntries(manifest: ServerManifest | undefined, running: { readonly [K in GameKey]: number }): MobileGameEntry[] {
  return GAME_LIST.filter((game) => navItemVisible(gameNavItem(game), manifest)).map((game) => ({
    label: game.fullName,
    to: game.route,
    icon: GAME_ICONS[game.key],
    badge: running[game.key] || null,
    game: game.key,
  }));
}
