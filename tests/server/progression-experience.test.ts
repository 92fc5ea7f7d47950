import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WAGER_TYPES } from '../../src/core/games.ts';
import { levelForExp, rankForSeasonExp } from '../../src/core/levels.ts';
import { battle, cheapBox, createBattle, startBattleServer, until, type BattleServer } from './battles-helpers.ts';
import { ok, openCases, type Client } from './cases-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

type Account = { user: { hash: string; level: number }; user_progress: { level: number; exp: number } };
const account = async (client: Client) => (await ok(client, 'user.getUser')) as Account;

/** The documented rule, recomputed from the wallet history the player sees: 1 exp per cent wagered; a refunded seat earns nothing. */
async function expectedExp(client: Client): Promise<number> {
  const history = (await ok(client, 'wallet.getHistory', { count: 100 })) as { actions: { type: string; amount: number }[] };
  let exp = 0;
  for (const entry of history.actions) {
    if ((WAGER_TYPES as readonly string[]).includes(entry.type)) exp += -entry.amount;
    if (entry.type === 'arena_refund') exp -= entry.amount;
  }
  return exp;
}

describe('experience from wagers', () => {
  test('unbox wagers earn one exp per cent at once, a battle seat only once the battle fills; level, rank and pushes follow', async () => {
    const ann = await s.server.player('exp_ann');
    const bob = await s.server.player('exp_bob');
    const socket = await ann.socket();
    const box = await cheapBox(ann);

    // Unbox: five rolls bought in one wager.
    await openCases(ann, box.hash, 5);
    const unboxPush = await socket.next('#EXPERIENCE_CHANGED');
    expect(unboxPush.data).toEqual({ exp: 5 * box.price, user_progress: { level: levelForExp(5 * box.price), exp: 5 * box.price } });

    // A battle seat is held while the battle waits: it earns nothing yet (docs/decisions/0049).
    const first = await createBattle(ann, { number: 2 }, 5);
    expect((await account(ann)).user_progress.exp).toBe(5 * box.price);
    // A second battle bob joins and leaves, then ann leaves (closing it): neither seat ever counts.
    const second = await createBattle(ann, { number: 3 });
    await ok(bob, 'arena-battle.join', { token: second.game.token });
    await ok(bob, 'arena-battle.leave', { token: second.game.token });
    await ok(ann, 'arena-battle.leave', { token: second.game.token });
    expect((await account(ann)).user_progress.exp).toBe(5 * box.price);
    expect((await account(bob)).user_progress.exp).toBe(0);

    // bob fills the first battle: now both seats count, and ann's exp does not change with the result.
    await ok(bob, 'arena-battle.join', { token: first.game.token });
    expect((await socket.next('#EXPERIENCE_CHANGED')).data.exp).toBe(first.game.price);
    await s.playToEnd(ann, first.game.token);
    expect((await battle(ann, first.game.token)).game.status).toMatch(/finished|closed/);

    const wagered = 5 * box.price + first.game.price;
    const me = await account(ann);
    expect(me.user_progress.exp).toBe(wagered);
    expect(await expectedExp(ann)).toBe(wagered);
    expect(me.user_progress.level).toBe(levelForExp(wagered));
    expect(me.user.level).toBe(levelForExp(wagered));
    expect((await account(bob)).user_progress.exp).toBe(first.game.price);

    // The experience ledger sums to the exp, entry by entry.
    const ledger = await ok(ann, 'account.experience', {});
    expect(ledger.exp).toBe(wagered);
    expect(ledger.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(wagered);
    expect(ledger.entries.map((e) => e.source).sort()).toEqual(['arena_join', 'unbox_boxes_bought']);

    // One #EXPERIENCE_CHANGED per counted wager, none for the held seats or the battle's result.
    const changes = [5 * box.price, first.game.price];
    const pushes = () => socket.frames.filter((f) => f.type === '#EXPERIENCE_CHANGED');
    expect(pushes().map((f) => f.data.exp)).toEqual(changes);
    // A #USER_RANK_CHANGED each time the season rank moved, naming the rank reached.
    let seasonExp = 0;
    const rankMoves: number[] = [];
    for (const change of changes) {
      const before = rankForSeasonExp(seasonExp).rank.rank;
      seasonExp += change;
      const after = rankForSeasonExp(seasonExp).rank.rank;
      if (after !== before) rankMoves.push(after);
    }
    expect(rankMoves.length).toBeGreaterThan(0);
    await until(() => socket.frames.filter((f) => f.type === '#USER_RANK_CHANGED').length >= rankMoves.length);
    expect(socket.frames.filter((f) => f.type === '#USER_RANK_CHANGED').map((f) => f.data.rank)).toEqual(rankMoves);
    expect(pushes()).toHaveLength(2);
    socket.close();
  });

  test('chicken stakes and dice bets earn one exp per cent and race points in every period; winnings earn nothing', async () => {
    const cid = await s.server.player('exp_cid');
    const socket = await cid.socket();
    const { game } = await ok(cid, 'chicken.create', { bet: 150, risk: 'low' });
    expect((await socket.next('#EXPERIENCE_CHANGED')).data.exp).toBe(150);
    await ok(cid, 'chicken.step', { hash: game.hash });
    // Rolls that win (dice_win) and rolls that lose earn the same: the stake only.
    for (let i = 0; i < 3; i++) await ok(cid, 'dice.roll', { bet: 70, side: 'under', target: 5000 });
    const wagered = 150 + 3 * 70;
    await until(() => socket.frames.filter((f) => f.type === '#EXPERIENCE_CHANGED').length >= 4);
    expect(socket.frames.filter((f) => f.type === '#EXPERIENCE_CHANGED').map((f) => f.data.exp)).toEqual([150, 70, 70, 70]);
    const me = await account(cid);
    expect(me.user_progress.exp).toBe(wagered);
    expect(await expectedExp(cid)).toBe(wagered);
    expect((await ok(cid, 'account.experience', {})).entries.map((e) => e.source).sort()).toEqual(['chicken_paid', 'dice_bet', 'dice_bet', 'dice_bet']);
    for (const period of ['daily', 'weekly', 'monthly'] as const) {
      expect((await ok(cid, 'race.leaderboard', { period })).me).toMatchObject({ wagered });
    }
    socket.close();
  });
});
