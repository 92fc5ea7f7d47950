// The arena's games, declared once (docs/design.md section 13). The menus, the home page's
// tiles, the wager types the ledger counts, the partner's share of each game's edge and the
// fairness pages are built from this file, and every table keyed by game is typed
// `satisfies Record<GameKey, ...>`: a new key is one the compiler then asks for in every place
// that needs more than this data. The rules read their house edge from here too.
//
// Two tables, one per kind of reader: GAMES is what the client shows (names, routes, the
// manifest switch), GAME_MONEY what the ledger and the rules need (entry types, wager, edge).
// The header's menu is on the first page, whose budget has no room for the second table
// (docs/decisions/0007): the client reads only GAMES and the edges, so the bundler drops
// GAME_MONEY. For the same reason this file imports no code, only a type from the contract.
import type { HistoryType } from '../contract/history.ts';

/** The games' keys, in the order the menus list them (document 1 section 2.2). */
export const GAME_KEYS = ['unbox', 'battle', 'chicken', 'dice'] as const;
/** One game's key. */
export type GameKey = (typeof GAME_KEYS)[number];

/** A manifest switch a game shows under (the spec's `ctc` turns Catch the Chicken on and off). */
export type GameSwitch = 'ctc';

/** What the client shows of a game. */
export interface Game {
  readonly key: GameKey;
  /** Its name in the menus and on its tile. */
  readonly name: string;
  /** Its name where a menu spells it out (the mobile menu's "Catch the Chicken"). */
  readonly fullName: string;
  /** Its page: the menus and the home page link here. */
  readonly route: string;
  /** The fairness record of one game, as the router's route (its last part the game's id). */
  readonly fairnessRoute: string;
  /** The manifest switch it shows under, or null when it always shows. */
  readonly switch: GameSwitch | null;
}

/** What the ledger and the rules know of a game. */
export interface GameMoney {
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
}

/** Every game as the client shows it, by key. */
export const GAMES = {
  unbox: { key: 'unbox', name: 'Cases', fullName: 'Cases', route: '/cases', fairnessRoute: '/provably-fair/$hash', switch: null },
  battle: { key: 'battle', name: 'Battles', fullName: 'Battles', route: '/battles', fairnessRoute: '/provably-fair/battles/$hash', switch: null },
  chicken: { key: 'chicken', name: 'Chicken', fullName: 'Catch the Chicken', route: '/chicken', fairnessRoute: '/provably-fair/chicken/$hash', switch: 'ctc' },
  dice: { key: 'dice', name: 'Dice', fullName: 'Dice', route: '/dice', fairnessRoute: '/provably-fair/dice/$token', switch: null },
} as const satisfies { readonly [K in GameKey]: Game & { readonly key: K } };

/**
 * The house edges in basis points, named apart from the table so a rule that reads one (the
 * case price, the chicken's return, the dice multiplier) does not take the whole table into
 * the chunk where this file lands: the first page's.
 */
/** Cases are priced with this edge, and battle seats are priced from cases (docs/decisions/0005). */
export const CASE_EDGE_BP = 800;
/** Catch the Chicken returns 97% (docs/decisions/0017). */
export const CHICKEN_EDGE_BP = 300;
/** Dice returns 99% at any chance (docs/decisions/0017). */
export const DICE_EDGE_BP = 100;

/** Every game's money, by key. */
export const GAME_MONEY = {
  unbox: { stakeTypes: ['unbox_boxes_bought'], winTypes: ['unbox_instant_sell'], refundTypes: [], wager: true, houseEdgeBp: CASE_EDGE_BP },
  battle: { stakeTypes: ['arena_join', 'arena_sponsor'], winTypes: ['arena_reward'], refundTypes: ['arena_refund'], wager: true, houseEdgeBp: CASE_EDGE_BP },
  chicken: { stakeTypes: ['chicken_paid'], winTypes: ['chicken_withdraw'], refundTypes: [], wager: true, houseEdgeBp: CHICKEN_EDGE_BP },
  dice: { stakeTypes: ['dice_bet'], winTypes: ['dice_win'], refundTypes: [], wager: true, houseEdgeBp: DICE_EDGE_BP },
} as const satisfies Record<GameKey, GameMoney>;

/**
 * Entry types that wager coins on a game: the stakes of every game whose stakes are wagers,
 * what the ledger counts (docs/decisions/0049). Declared here rather than beside HistoryType,
 * since the contract may not import core. Marked pure so the client, which never reads it,
 * drops it and GAME_MONEY with it.
 */
export const WAGER_TYPES: readonly HistoryType[] = /* @__PURE__ */ GAME_KEYS.flatMap((key) => {
  const money: GameMoney = GAME_MONEY[key];
  return money.wager ? money.stakeTypes : [];
});

/** The games in menu order. */
export const GAME_LIST: readonly Game[] = GAME_KEYS.map((key) => GAMES[key]);

/** The game whose stakes, wins or refunds are this entry type, if any. */
export function gameOfEntry(type: string): GameKey | undefined {
  return GAME_KEYS.find((key) => {
    const money: GameMoney = GAME_MONEY[key];
    return [...money.stakeTypes, ...money.winTypes, ...money.refundTypes].includes(type as HistoryType);
  });
}

/** Whether a game shows under the manifest's switches; a game without a switch always does. */
export function gameSwitchedOn(game: Game, switches: { readonly [S in GameSwitch]: { readonly active: boolean } }): boolean {
  return game.switch === null || switches[game.switch].active;
}

/** The fairness record page of one game of this kind. */
export function fairnessPath(game: Game, id: string): string {
  return game.fairnessRoute.replace(/\$\w+$/, encodeURIComponent(id));
}
