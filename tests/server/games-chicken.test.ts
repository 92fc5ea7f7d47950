import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { CHICKEN_LEVELS, GAME_MAX_BET, chickenCaught, chickenMultiplier, fairTicket, payoutOf, replayChicken, sha256Hex } from '../../src/core/index.ts';
import { balanceOf, ok, rowsOf, stepTo, survivingGame } from './games-helpers.ts';
import { openSocket, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ledgerOk = async (s: TestServer = server) => expect(await s.services.ledger.check(s.services.db)).toMatchObject({ ok: true });

describe('Catch the Chicken', () => {
  test('every step recomputes from the revealed server seed; stakes and payouts are in the ledger', async () => {
    const player = await server.player('chick_fair');
    const start = await balanceOf(player);
    const seed = await ok(player, 'user.seed');
    const hashes: string[] = [];
    let expected = start;
    let cashed = 0;
    let caught = 0;
    // Play until both endings happened: a cash-out after 2 steps and a loss.
    while (cashed === 0 || caught === 0) {
      const { game } = await ok(player, 'chicken.create', { bet: 250, risk: 'medium' });
      expect(game).toMatchObject({ status: 'running', steps: 0, multiplier: 10_000, max_damage: 150, bet: 250, payout: 0 });
      hashes.push(game.hash);
      expected -= 250;
      expect(await balanceOf(player)).toBe(expected);
      const survived = await stepTo(player, game, 2);
      if (!survived) {
        caught += 1;
        continue;
      }
      expect(survived.multiplier).toBe(chickenMultiplier('medium', 2));
      const { game: done } = await ok(player, 'chicken.cashout', { hash: game.hash });
      expect(done).toMatchObject({ status: 'cashed', steps: 2, payout: payoutOf(250, chickenMultiplier('medium', 2)) });
      expected += done.payout;
      cashed += 1;
      expect(await balanceOf(player)).toBe(expected);
    }

    // Hidden until rotation, then every ticket follows from the revealed seed.
    const before = await ok(player, 'chicken.game', { hash: hashes[0]! });
    expect(before.steps.every((step) => step.server_seed === null)).toBe(true);
    const rotated = await ok(player, 'user.seed', { rotate: 1 });
    expect(sha256Hex(rotated.server_seed!)).toBe(seed.server_seed_hashed);
    let nonce = 0;
    for (const hash of hashes) {
      const record = await ok(player, 'chicken.game', { hash });
      expect(record.user.name).toBe('chick_fair');
      for (const step of record.steps) {
        expect(step.nonce).toBe(nonce++);
        expect(step.server_seed).toBe(rotated.server_seed);
        expect(step.client_seed).toBe(seed.client_seed);
        expect(step.ticket).toBe(fairTicket(step.server_seed!, step.client_seed, step.nonce, CHICKEN_LEVELS.medium.maxDamage));
        expect(step.caught).toBe(chickenCaught('medium', step.ticket));
      }
      const replay = replayChicken('medium', record.steps);
      expect(replay.mismatch).toBeNull();
      expect(record.game.status).toBe(replay.caught ? 'caught' : 'cashed');
      expect(record.game.payout).toBe(replay.caught ? 0 : payoutOf(250, replay.multiplier));
    }

    const history = (await ok(player, 'wallet.getHistory', {})) as { actions: { type: string; amount: number }[] };
    const types = new Set(history.actions.map((a) => a.type));
    expect(types.has('chicken_paid') && types.has('chicken_withdraw')).toBe(true);
    const list = await ok(player, 'chicken.history');
    expect(list.games.map((g) => g.hash)).toEqual(hashes.toReversed().slice(0, 6));
    await ledgerOk();
  });

  test('twenty cash-outs at once pay once; the feed hears about it once', async () => {
    const player = await server.player('chick_double');
    // Lost tries of survivingGame are announced too: the feed is watched from the game kept.
    const game = await survivingGame(player, 1_000, 2);
    const watcher = await openSocket(server.url);
    watcher.send('join-room', { room: Rooms.chicken });
    await watcher.next('ROOM_JOINED');
    const before = await balanceOf(player);
    const answers = await Promise.all(Array.from({ length: 20 }, () => player.call('chicken.cashout', { hash: game.hash })));
    const paid = answers.filter((a) => a.response);
    expect(paid).toHaveLength(1);
    expect(answers.filter((a) => a.error).map((a) => a.error)).toEqual(Array.from({ length: 19 }, () => ({ error_code: 'GAME_ERROR', error_msg: 'Game is finished.' })));
    const payout = payoutOf(1_000, chickenMultiplier('low', 2));
    expect(await balanceOf(player)).toBe(before + payout);
    const frame = await watcher.next('CHICKEN_GAME');
    expect(frame.data).toMatchObject({ game: { hash: game.hash, status: 'cashed', payout }, user: { name: 'chick_double' } });
    watcher.close();
    expect((await ok(player, 'chicken.recent')).games[0]!.game.hash).toBe(game.hash);
    await ledgerOk();
  });

  test('fifty games started at once on one balance: one opens and is charged once', async () => {
    const player = await server.player('chick_race');
    const start = await balanceOf(player);
    const answers = await Promise.all(Array.from({ length: 50 }, () => player.call('chicken.create', { bet: 500, risk: 'high' })));
    expect(answers.filter((a) => a.response)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.error).map((a) => a.error!.error_msg))).toEqual(new Set(['Finish your current game first.']));
    expect(await balanceOf(player)).toBe(start - 500);
    await ledgerOk();
  });

  test('the last lane cashes out by itself', async () => {
    const player = await server.player('chick_road');
    // Low risk survives 24 steps with 37% odds: retry until a game crosses the road.
    const game = await survivingGame(player, 100, CHICKEN_LEVELS.low.steps);
    expect(game).toMatchObject({ status: 'cashed', steps: 24, payout: payoutOf(100, chickenMultiplier('low', 24)) });
    expect((await player.call('chicken.step', { hash: game.hash })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game is finished.' });
  });

  test('bad input answers the error and moves nothing', async () => {
    const player = await server.player('chick_bad');
    const other = await server.player('chick_other');
    const start = await balanceOf(player);
    const code = async (method: string, params: Record<string, string | number>) => (await player.call(method, params)).error?.error_code;
    for (const bet of [0, -5, 1.5, 'ten']) expect(await code('chicken.create', { bet, risk: 'low' })).toBe(16);
    expect(await code('chicken.create', { bet: 100, risk: 'extreme' })).toBe(16);
    expect(await code('chicken.create', { bet: GAME_MAX_BET + 1, risk: 'low' })).toBe(16);
    // Above the max payout: high risk's last lane pays 84x.
    expect(await code('chicken.create', { bet: 200_000, risk: 'high' })).toBe(16);
    expect((await player.call('chicken.create', { bet: start + 1, risk: 'low' })).error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough funds' });
    expect(await rowsOf(server.services.db, 'chicken_games', (await ok(player, 'user.getUser')).user.hash)).toBe(0);

    const { game } = await ok(player, 'chicken.create', { bet: 100, risk: 'low' });
    expect((await player.call('chicken.cashout', { hash: game.hash })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Take a step first.' });
    expect((await other.call('chicken.step', { hash: game.hash })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect((await other.call('chicken.cashout', { hash: game.hash })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect((await player.call('chicken.step', { hash: 'SF999999' })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect((await ok(player, 'chicken.game', { hash: game.hash })).steps).toEqual([]);
    expect(await balanceOf(player)).toBe(start - 100);
    expect(await balanceOf(other)).toBe(start);
    await ledgerOk();
  });

  test('a repeated stamp answers the first result and moves nothing', async () => {
    const player = await server.player('chick_stamp');
    const start = await balanceOf(player);
    const first = await ok(player, 'chicken.create', { bet: 300, risk: 'low', stamp: 'create-1' });
    const again = await ok(player, 'chicken.create', { bet: 300, risk: 'low', stamp: 'create-1' });
    expect(again).toEqual(first);
    const step = await ok(player, 'chicken.step', { hash: first.game.hash, stamp: 'step-1' });
    expect(await ok(player, 'chicken.step', { hash: first.game.hash, stamp: 'step-1' })).toEqual(step);
    expect((await ok(player, 'chicken.game', { hash: first.game.hash })).steps).toHaveLength(1);
    expect(await balanceOf(player)).toBe(start - 300);
  });

  test('an open game survives a server restart with its steps', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-chicken-restart-'));
    try {
      const first = await startServer({ dataDir });
      const player = await first.player('chick_restart');
      const start = await balanceOf(player);
      const game = await survivingGame(player, 100, 1);
      const open = await ok(player, 'chicken.active');
      await first.close();

      const second = await startServer({ dataDir });
      try {
        const again = await second.player('chick_restart');
        const resumed = await ok(again, 'chicken.active');
        expect(resumed).toEqual(open);
        expect(resumed.game).toMatchObject({ hash: game.hash, status: 'running', steps: 1 });
        const { game: done } = await ok(again, 'chicken.cashout', { hash: game.hash });
        const lost = (await ok(again, 'chicken.history')).games.filter((g) => g.status === 'caught').length;
        expect(await balanceOf(again)).toBe(start - 100 * (lost + 1) + done.payout);
        expect((await ok(again, 'chicken.active')).game).toBeNull();
        await ledgerOk(second);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
