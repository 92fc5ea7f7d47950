// The arena's games, declared once (docs/design.md section 13). The menus, the home page's
// tiles, the wager types the ledger counts, the partner's share of each game's edge and the
// fairness pages are built from this list, and a table keyed by game is typed
// `satisfies Record<GameKey, ...>`: a new entry here is one the compiler then asks for in every
// place that needs more than this data. The rules read their house edge from here too.
//
// Kept free of imports with code (only a type from the contract): the header's menu reads it,
// and the first page's budget has no room for the contract's schemas (docs/decisions/0007).
import type { HistoryType } from '../contract/history.ts';

/** The games' keys, in the order the menus list them (document 1 section 2.2). */
export const GAME_KEYS = ['unbox', 'battle', 'chicken', 'dice'] as const;
/** One game's key. */
export type GameKey = (typeof GAME_KEYS)[number];

/** A manifest switch a game shows under (the spec's `ctc` turns Catch the Chicken on and off). */
export type GameSwitch = 'ctc';

/** What every part of the system knows of a game. */
export interface Game {
  readonly key: GameKey;
  /** Its name in the menus and on its tile. */
  readonly name: string;
  /** Its name where a menu spells it out (the mobile menu's "Catch the Chicken"). */
  readonly fullName: string;
  /** One line about it, for its tile on the home page. */
  readonly blurb: string;
  /** Its page: the menus and the home page link here. */
  readonly route: string;
  /** The fairness record of one game, as the router's route (its last part the game's id). */
  readonly fairnessRoute: string;
  /** Ledger entry types of its stakes (what a player puts in). */
  readonly stakeTypes: readonly HistoryType[];
  /** Ledger entry types of what it pays out. */
  readonly winTypes: readonly HistoryType[];
  /** Ledger entry types of a stake given back (a battle that never filled). */
  readonly refundTypes: readonly HistoryType[];
  /**
   * Whether its stakes are wagers: counted for experience, races, challenges, bonus wagering and
   * partner earnings once they can no longer come back (docs/decisions/0049).
   */
  readonly wager: boolean;
  /** The house's edge in basis points (100 = 1%): what the house keeps of a stake on average. */
  readonly houseEdgeBp: number;
  /** The manifest switch it shows under, or null when it always shows. */
  readonly switch: GameSwitch | null;
}

/** Cases are priced with this edge, and battle seats are priced from cases (docs/decisions/0005). */
const CASE_EDGE_BP = 800;

/** Every game, by key. */
export const GAMES = {
  unbox: {
    key: 'unbox',
    name: 'Cases',
    fullName: 'Cases',
    blurb: 'Open a case, keep the drop or sell it back on the spot.',
    route: '/cases',
    fairnessRoute: '/provably-fair/$hash',
    stakeTypes: ['unbox_boxes_bought'],
    winTypes: ['unbox_instant_sell'],
    refundTypes: [],
    wager: true,
    houseEdgeBp: CASE_EDGE_BP,
    switch: null,
  },
  battle: {
    key: 'battle',
    name: 'Battles',
    fullName: 'Battles',
    blurb: 'Up to five seats open the same cases. The best haul takes every drop.',
    route: '/battles',
    fairnessRoute: '/provably-fair/battles/$hash',
    stakeTypes: ['arena_join', 'arena_sponsor'],
    winTypes: ['arena_reward'],
    refundTypes: ['arena_refund'],
    wager: true,
    houseEdgeBp: CASE_EDGE_BP,
    switch: null,
  },
  chicken: {
    key: 'chicken',
    name: 'Chicken',
    fullName: 'Catch the Chicken',
    blurb: 'Cross step by step and cash out before the chicken gets caught.',
    route: '/chicken',
    fairnessRoute: '/provably-fair/chicken/$hash',
    stakeTypes: ['chicken_paid'],
    winTypes: ['chicken_withdraw'],
    refundTypes: [],
    wager: true,
    // A published return of 97% (docs/decisions/0017).
    houseEdgeBp: 300,
    switch: 'ctc',
  },
  dice: {
    key: 'dice',
    name: 'Dice',
    fullName: 'Dice',
    blurb: 'Roll over or under your target. Lower chance, bigger multiplier.',
    route: '/dice',
    fairnessRoute: '/provably-fair/dice/$token',
    stakeTypes: ['dice_bet'],
    winTypes: ['dice_win'],
    refundTypes: [],
    wager: true,
    // 1% at any chance (docs/decisions/0017).
    houseEdgeBp: 100,
    switch: null,
  },
} as const satisfies { readonly [K in GameKey]: Game & { readonly key: K } };

/** The games in menu order. */
export const GAME_LIST: readonly Game[] = GAME_KEYS.map((key) => GAMES[key]);

/** The game whose stakes, wins or refunds are this entry type, if any. */
export function gameOfEntry(type: string): Game | undefined {
  return GAME_LIST.find((game) => [...game.stakeTypes, ...game.winTypes, ...game.refundTypes].includes(type as HistoryType));
}

/** Whether a game shows under the manifest's switches; a game without a switch always does. */
export function gameSwitchedOn(game: Game, switches: { readonly [S in GameSwitch]: { readonly active: boolean } }): boolean {
  return game.switch === null || switches[game.switch].active;
}

/** The fairness record page of one game of this kind. */
export function fairnessPath(game: Game, id: string): string {
  return game.fairnessRoute.replace(/\$\w+$/, encodeURIComponent(id));
}
