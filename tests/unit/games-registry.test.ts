import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { HistoryType } from '../../src/contract/history.ts';
import { CHICKEN_RTP_BP } from '../../src/core/chicken-rules.ts';
import { DICE_EDGE_BP } from '../../src/core/dice-rules.ts';
import { CASE_HOUSE_EDGE } from '../../src/core/drop-pool.ts';
import { GAME_KEYS, GAME_LIST, GAME_MONEY, GAMES, WAGER_TYPES, fairnessPath, gameOfEntry, type GameMoney } from '../../src/core/games.ts';
import type { ServerManifest } from '../../src/features/connection/index.ts';
import { VERIFY_GAMES } from '../../src/features/fairness/verify-games.ts';
import { homeGameTiles } from '../../src/features/home/game-tiles.ts';
import { FOOTER_GAMES, mobileGameEntries } from '../../src/features/shell/game-menus.ts';
import { GAME_NAV, navItemVisible } from '../../src/features/shell/nav-items.ts';

/**
 * A game's identity is one entry of src/core/games.ts (docs/design.md section 13), and every
 * list of games is built from it. Chicken was once left out of the footer's hand-kept list;
 * this test names each place that must know every game and fails when one does not.
 */
const root = resolve(import.meta.dirname, '../..');

/** A manifest with every switch on (Catch the Chicken, the Battle Pass, a race running). */
const everythingOn: ServerManifest = {
  stats: {
    battle_pass: { active: true },
    ctc: { active: true },
    events: { leaderboard: { ends_in_time: 60 } },
    client: { style: null },
    wallet: { rate: {} },
    version: { client: '5.4', cache: '5.4' },
  },
  ts: 1_000_000,
};
const chickenOff: ServerManifest = { ...everythingOn, stats: { ...everythingOn.stats, ctc: { active: false } } };
const noneRunning = { unbox: 0, battle: 0, chicken: 0, dice: 0 };

const routeTree = readFileSync(join(root, 'src/app/route-tree.gen.ts'), 'utf8');
/** A route of the generated tree; an index route's full path ends in a slash. */
const routeExists = (path: string) => [path, `${path}/`].some((full) => routeTree.includes(`fullPath: '${full}'`));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
const serverDomains = sourceFiles(join(root, 'sim-server/domains'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe.each(GAME_LIST.map((game) => [game.key, game] as const))('every place knows the game %s', (_key, game) => {
  test('the header menu links it, behind its manifest switch if it has one', () => {
    const shown = (manifest: ServerManifest | undefined) => GAME_NAV.filter((item) => navItemVisible(item, manifest));
    expect(shown(everythingOn)).toContainEqual(expect.objectContaining({ label: game.name, to: game.route, game: game.key }));
    expect(shown(chickenOff).some((item) => item.game === game.key)).toBe(game.switch === null);
  });

  test('the footer links it whatever the manifest', () => {
    expect(FOOTER_GAMES).toContainEqual({ label: game.name, to: game.route });
  });

  test('the mobile menu lists it by its full name', () => {
    expect(mobileGameEntries(everythingOn, noneRunning)).toContainEqual(expect.objectContaining({ label: game.fullName, to: game.route, game: game.key }));
    expect(mobileGameEntries(everythingOn, { ...noneRunning, [game.key]: 3 }).find((entry) => entry.game === game.key)?.badge).toBe(3);
  });

  test('the home page has its tile, before the manifest arrives too', () => {
    for (const manifest of [everythingOn, undefined]) {
      expect(homeGameTiles(manifest)).toContainEqual(expect.objectContaining({ game: game.key, title: game.name, to: game.route }));
    }
  });

  test('its page and its fairness record page are routes of the app, and the verify modal has its tab', () => {
    expect([game.route, game.fairnessRoute].filter((path) => !routeExists(path))).toEqual([]);
    expect(fairnessPath(game, 'SF42')).toBe(game.fairnessRoute.replace(/\$\w+$/, 'SF42'));
    expect(VERIFY_GAMES[game.key].label).not.toBe('');
  });

  const money: GameMoney = GAME_MONEY[game.key];

  test('its ledger entry types are history types the server writes, and name it', () => {
    const types = [...money.stakeTypes, ...money.winTypes, ...money.refundTypes];
    expect(money.stakeTypes.length).toBeGreaterThan(0);
    expect(types.filter((type) => !HistoryType.includes(type))).toEqual([]);
    // A type no domain writes would be a registry entry that names nothing.
    expect(types.filter((type) => !serverDomains.includes(`'${type}'`))).toEqual([]);
    expect(types.map((type) => gameOfEntry(type))).toEqual(types.map(() => game.key));
  });

  test('the ledger counts its stakes as wagers exactly when the registry says they are', () => {
    for (const type of money.stakeTypes) expect(WAGER_TYPES.includes(type)).toBe(money.wager);
    for (const type of [...money.winTypes, ...money.refundTypes]) expect(WAGER_TYPES).not.toContain(type);
  });

  test('it states a house edge between 0 and 100%', () => {
    expect(Number.isInteger(money.houseEdgeBp)).toBe(true);
    expect(money.houseEdgeBp).toBeGreaterThan(0);
    expect(money.houseEdgeBp).toBeLessThan(10_000);
  });
});

describe('the registry itself', () => {
  test('keys are unique, in menu order, and each entry is filed under its own key', () => {
    expect(new Set(GAME_KEYS).size).toBe(GAME_KEYS.length);
    expect(GAME_LIST.map((game) => game.key)).toEqual([...GAME_KEYS]);
    for (const key of GAME_KEYS) expect(GAMES[key].key).toBe(key);
  });

  test('no entry type belongs to two games', () => {
    const types = GAME_KEYS.flatMap((key) => {
      const money: GameMoney = GAME_MONEY[key];
      return [...money.stakeTypes, ...money.winTypes, ...money.refundTypes];
    });
    expect(new Set(types).size).toBe(types.length);
  });

  test('wager types are exactly the stakes of the wagering games', () => {
    expect(WAGER_TYPES).toEqual(GAME_KEYS.flatMap((key) => ((GAME_MONEY[key] as GameMoney).wager ? GAME_MONEY[key].stakeTypes : [])));
  });

  test('the rules price and pay with the edges it states', () => {
    expect(CASE_HOUSE_EDGE).toBe(0.08);
    expect(GAME_MONEY.battle.houseEdgeBp).toBe(GAME_MONEY.unbox.houseEdgeBp);
    expect(CHICKEN_RTP_BP).toBe(9_700);
    expect(DICE_EDGE_BP).toBe(100);
  });

  test('the menus list the games in the registry’s order, then the events', () => {
    expect(GAME_NAV.slice(0, GAME_LIST.length).map((item) => item.game)).toEqual([...GAME_KEYS]);
    expect(FOOTER_GAMES.map((item) => item.label)).toEqual([...GAME_LIST.map((game) => game.name), 'Rewards', 'Race+']);
    expect(mobileGameEntries(chickenOff, noneRunning).map((entry) => entry.game)).toEqual(GAME_KEYS.filter((key) => GAMES[key].switch === null));
    expect(homeGameTiles(chickenOff).map((tile) => tile.game)).toEqual(GAME_KEYS.filter((key) => GAMES[key].switch === null));
  });
});
