import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { DICE_TICKET_MAX, GAME_MAX_BET, diceMultiplier, diceRollOf, diceWins, fairTicket, payoutOf, sha256Hex } from '../../src/core/index.ts';
import { balanceOf, ok, rowsOf } from './games-helpers.ts';
import { openSocket, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ledgerOk = async (s: TestServer = server) => expect(await s.services.ledger.check(s.services.db)).toMatchObject({ ok: true });

describe('dice', () => {
  test('every roll recomputes from the revealed server seed and pays (100% - 1%) / chance', async () => {
    const player = await server.player('dice_fair');
    const watcher = await openSocket(server.url);
    watcher.send('join-room', { room: Rooms.dice });
    await watcher.next('ROOM_JOINED');
    const seed = await ok(player, 'user.seed');
    let balance = await balanceOf(player);
    const rolls = [];
    for (const [side, target] of [['under', 5_000], ['over', 2_000], ['under', 100], ['over', 9_000], ['under', 9_800], ['over', 200]] as const) {
      const { roll, balance: after } = await ok(player, 'dice.roll', { bet: 200, side, target });
      const chance = side === 'under' ? target : DICE_TICKET_MAX - target;
      expect(roll).toMatchObject({ bet: 200, side, target, chance, multiplier: diceMultiplier(chance), server_seed: null });
      expect(roll.payout).toBe(roll.win ? payoutOf(200, diceMultiplier(chance)) : 0);
      balance += roll.payout - 200;
      expect(after).toBe(balance);
      // The answer, the live feed and the stored record are one and the same roll.
      const live = (await watcher.next('DICE_ROLL')).data as { roll: unknown; user: { name: string; level: number } };
      expect(live.roll).toEqual(roll);
      expect(live.user).toMatchObject({ name: 'dice_fair', level: (await ok(player, 'user.getUser')).user.level });
      expect((await ok(player, 'dice.game', { ref: roll.hash })).roll).toEqual(roll);
      rolls.push(roll);
    }
    watcher.close();
    expect(await balanceOf(player)).toBe(balance);

    const rotated = await ok(player, 'user.seed', { rotate: 1 });
    expect(sha256Hex(rotated.server_seed!)).toBe(seed.server_seed_hashed);
    for (const [nonce, played] of rolls.entries()) {
      // By token (the fairness page) and by hash (the roll page): the same record.
      const { roll } = await ok(player, 'dice.game', { ref: played.token });
      expect((await ok(player, 'dice.game', { ref: played.hash })).roll).toEqual(roll);
      expect(roll).toMatchObject({ nonce, client_seed: seed.client_seed, server_seed: rotated.server_seed });
      expect(roll.ticket).toBe(fairTicket(rotated.server_seed!, seed.client_seed, nonce, DICE_TICKET_MAX));
      expect(roll.roll).toBe(diceRollOf(roll.ticket));
      expect(roll.win).toBe(diceWins(roll.side, roll.target, roll.roll));
    }
    const history = (await ok(player, 'wallet.getHistory', {})) as { actions: { type: string; amount: number }[] };
    expect(history.actions.filter((a) => a.type === 'dice_bet')).toHaveLength(6);
    expect(history.actions.filter((a) => a.type === 'dice_win')).toHaveLength(rolls.filter((r) => r.win).length);
    expect((await ok(player, 'dice.history')).rolls.map((r) => r.hash)).toEqual(rolls.map((r) => r.hash).toReversed());
    await ledgerOk();
  });

  test('fifty rolls at once on a balance that covers four: exactly four are taken', async () => {
    const poor = await startServer({ startBalance: 450 });
    try {
      const player = await poor.player('dice_race');
      // A 0.01% chance: a win, which would fund more rolls, is all but impossible.
      const answers = await Promise.all(Array.from({ length: 50 }, () => player.call('dice.roll', { bet: 100, side: 'under', target: 1 })));
      const taken = answers.filter((a) => a.response).map((a) => (a.response as { roll: { payout: number } }).roll);
      const won = taken.reduce((sum, roll) => sum + roll.payout, 0);
      // Each win funds more rolls; without one exactly the four covered stakes go through.
      expect(taken.length).toBe(won === 0 ? 4 : taken.length);
      expect(taken.length).toBeGreaterThanOrEqual(4);
      expect(answers.filter((a) => a.error).every((a) => a.error!.error_code === 'COMMIT_ERROR')).toBe(true);
      expect(await balanceOf(player)).toBe(450 - 100 * taken.length + won);
      expect(await balanceOf(player)).toBeGreaterThanOrEqual(0);
      await ledgerOk(poor);
    } finally {
      await poor.close();
    }
  });

  test('auto-bet rolls on the server until its count, its profit or its loss limit stops it', async () => {
    const player = await server.player('dice_auto');
    const start = await balanceOf(player);
    const counted = (await ok(player, 'dice.auto-start', { bet: 100, side: 'over', target: 5_050, count: 5 })).auto;
    expect(counted).toMatchObject({ status: 'running', rolls: 0, count: 5, profit: 0, reason: null });
    let auto = counted;
    let payouts = 0;
    while (auto.status === 'running') {
      const answer = await ok(player, 'dice.auto-roll', { hash: counted.hash });
      expect(answer.roll).toMatchObject({ bet: 100, side: 'over', target: 5_050, auto_hash: counted.hash });
      payouts += answer.roll.payout;
      auto = answer.auto;
    }
    expect(auto).toMatchObject({ rolls: 5, reason: 'count', profit: payouts - 500 });
    expect(await balanceOf(player)).toBe(start + auto.profit);
    expect((await player.call('dice.auto-roll', { hash: counted.hash })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Auto-bet is finished.' });

    // 98%: a first win makes a profit of a cent and stops the run. A loss first (2%) is a
    // stake down that a hundred cent-wins cannot make good, so that run ends on its count;
    // runs are tried until one stops on profit, and every run must have stopped by the rule.
    const profitRuns: (typeof auto)[] = [];
    while (profitRuns.length < 5 && !profitRuns.some((run) => run.reason === 'profit')) {
      const profit = (await ok(player, 'dice.auto-start', { bet: 100, side: 'under', target: 9_800, count: 100, stop_profit: 1 })).auto;
      for (auto = profit; auto.status === 'running'; ) auto = (await ok(player, 'dice.auto-roll', { hash: profit.hash })).auto;
      profitRuns.push(auto);
    }
    for (const run of profitRuns) {
      expect(run.reason === 'profit' ? run.profit >= 1 : run.reason === 'count' && run.rolls === 100 && run.profit < 1).toBe(true);
    }
    expect(profitRuns.at(-1)).toMatchObject({ reason: 'profit' });

    // 0.01%: losses of two stakes stop it after two rolls (a win would stop it on profit).
    const loss = (await ok(player, 'dice.auto-start', { bet: 100, side: 'under', target: 1, count: 100, stop_loss: 200, stop_profit: 1 })).auto;
    for (auto = loss; auto.status === 'running'; ) auto = (await ok(player, 'dice.auto-roll', { hash: loss.hash })).auto;
    expect(auto.reason === 'loss' ? { rolls: auto.rolls, profit: auto.profit } : { rolls: 2, profit: -200 }).toEqual({ rolls: 2, profit: -200 });
    expect(['loss', 'profit']).toContain(auto.reason);

    const stopped = (await ok(player, 'dice.auto-start', { bet: 100, side: 'under', target: 5_000, count: 10 })).auto;
    expect((await ok(player, 'dice.auto-stop', { hash: stopped.hash })).auto).toMatchObject({ status: 'done', reason: 'stopped', rolls: 0 });
    const stranger = await server.player('dice_stranger');
    expect((await stranger.call('dice.auto-stop', { hash: counted.hash })).error?.error_code).toBe('GAME_ERROR');
    await ledgerOk();
  });

  test('bad input answers the error and moves nothing', async () => {
    const player = await server.player('dice_bad');
    const start = await balanceOf(player);
    const code = async (method: string, params: Record<string, string | number>) => (await player.call(method, params)).error?.error_code;
    for (const bet of [0, -5, 1.5, 'ten']) expect(await code('dice.roll', { bet, side: 'under', target: 5_000 })).toBe(16);
    expect(await code('dice.roll', { bet: GAME_MAX_BET + 1, side: 'under', target: 5_000 })).toBe(16);
    // 0.01% pays 9900x: 1,100.00 coins would pass the max payout.
    expect(await code('dice.roll', { bet: 110_000, side: 'under', target: 1 })).toBe(16);
    for (const [side, target] of [['under', 0], ['under', 9_801], ['over', 199], ['over', 10_000], ['over', 10_001], ['sideways', 5_000], ['under', 50.5]] as const) {
      expect(await code('dice.roll', { bet: 100, side, target })).toBe(16);
    }
    expect(await code('dice.auto-start', { bet: 100, side: 'under', target: 9_900, count: 5 })).toBe(16);
    expect(await code('dice.auto-start', { bet: 100, side: 'under', target: 5_000, count: 0 })).toBe(16);
    expect((await player.call('dice.roll', { bet: start + 1, side: 'under', target: 5_000 })).error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough funds' });
    expect((await player.call('dice.game', { ref: 'SF999999' })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect(await balanceOf(player)).toBe(start);
    expect(await rowsOf(server.services.db, 'dice_rolls', (await ok(player, 'user.getUser')).user.hash)).toBe(0);
    expect((await ok(player, 'user.seed')).nonce).toBe(0);
    await ledgerOk();
  });

  test('a repeated stamp answers the first roll and rolls nothing more', async () => {
    const player = await server.player('dice_stamp');
    const first = await ok(player, 'dice.roll', { bet: 100, side: 'under', target: 5_000, stamp: 'roll-1' });
    expect(await ok(player, 'dice.roll', { bet: 100, side: 'under', target: 5_000, stamp: 'roll-1' })).toEqual(first);
    expect((await ok(player, 'dice.history')).rolls).toHaveLength(1);
  });
});
