import type { ComponentType } from 'react';
import type { GameKey } from '../core/games.ts';
import { BattleIcon, CaseIcon, ChickenIcon, DiceIcon } from './icons.tsx';

/** Each game's icon, in the menus and on its home tile; a game of the registry without one does not compile. */
export const GAME_ICONS = {
  unbox: CaseIcon,
  battle: BattleIcon,
  chicken: ChickenIcon,
  dice: DiceIcon,
} satisfies Record<GameKey, ComponentType<{ width?: number; height?: number }>>;
