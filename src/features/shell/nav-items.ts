import type { ComponentType } from 'react';
import type { ServerManifest } from '../connection/index.ts';
import { BattleIcon, CaseIcon, ChickenIcon, DiceIcon, FlagIcon, GiftIcon, StarIcon } from '../../ui/icons.tsx';

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
}

/** The header menu of document 1 section 2.2, in its order. */
export const GAME_NAV: GameNavItem[] = [
  { label: 'Cases', to: '/cases', icon: CaseIcon },
  { label: 'Battles', to: '/battles', icon: BattleIcon },
  { label: 'Chicken', to: '/chicken', icon: ChickenIcon, when: (m) => m.stats.ctc.active },
  { label: 'Dice', to: '/dice', icon: DiceIcon },
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
