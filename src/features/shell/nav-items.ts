import type { ComponentType } from 'react';
import { GAME_LIST, gameSwitchedOn, type Game, type GameKey } from '../../core/games.ts';
import type { ServerManifest } from '../connection/index.ts';
import { GAME_ICONS } from '../../ui/game-icons.tsx';
import { FlagIcon, GiftIcon, StarIcon } from '../../ui/icons.tsx';

/** One item of the game menu. */
export interface GameNavItem {
  label: string;
  to: string;
  icon: ComponentType<{ width?: number; height?: number }>;
  hot?: true;
  /** Shown only when the manifest switches it on (spec: chicken, battle pass, race). */
  when?(manifest: ServerManifest): boolean;
  /** Only where the header is wide; the mobile menu lists it anyway (or not: Season). */
  wide?: true;
  /** Left out of the mobile menu (spec: the Battle Pass is not on mobile menus). */
  desktopOnly?: true;
  /** The game of the registry it leads to. */
  game?: GameKey;
}

/** A game's menu item, from the game registry (src/core/games.ts). */
export function gameNavItem(game: Game): GameNavItem {
  const item: GameNavItem = { label: game.name, to: game.route, icon: GAME_ICONS[game.key], game: game.key };
  // Spec: Catch the Chicken shows only while the manifest's ctc switch is on.
  if (game.switch) item.when = (manifest) => gameSwitchedOn(game, manifest.stats);
  return item;
}

/** The header menu of document 1 section 2.2, in its order: every game, then the events. */
export const GAME_NAV: GameNavItem[] = [
  ...GAME_LIST.map(gameNavItem),
  { label: 'Rewards', to: '/rewards', icon: GiftIcon, hot: true },
  { label: 'Season', to: '/battlepass', icon: StarIcon, when: (m) => m.stats.battle_pass.active, wide: true, desktopOnly: true },
  { label: 'Race+', to: '/event/race', icon: FlagIcon, when: (m) => m.stats.events.leaderboard.ends_in_time !== null, wide: true },
];

/** Whether an item shows under the manifest; items with a condition wait for a manifest. */
export function navItemVisible(item: GameNavItem, manifest: ServerManifest | undefined): boolean {
  return !item.when || (manifest !== undefined && item.when(manifest));
}

/** When the race ends (ms), from the manifest; null without a race. */
export function raceEndsAt(manifest: ServerManifest | undefined): number | null {
  const left = manifest?.stats.events.leaderboard.ends_in_time;
  return manifest && left !== null && left !== undefined ? manifest.ts + left * 1000 : null;
}

/** The site links of the header's top menu (hidden on laptops and phones). */
export const SITE_LINKS = [
  { label: 'Provably Fair', to: '/provably-fair' },
  { label: 'Partnership', to: '/partnership' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Support', to: '/support' },
] as const;

/** Pages on which the header and footer are opaque (profile, achievements, Battle Pass). */
export function isOpaquePath(pathname: string): boolean {
  return pathname.startsWith('/@') || pathname.startsWith('/battlepass') || pathname.startsWith('/profile/');
}
