import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { battleDrops, battleNonce, battleOptions, decideBattle, dropValues, fairTicket, pickByTicket, sha256Hex } from '../../src/core/index.ts';
import { balanceOf, ok } from './cases-helpers.ts';
import { battle, createBattle, framesOf, startBattleServer, until, type BattleServer } from './battles-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

const arenaHouse = () => s.server.services.ledger.balance(s.server.services.db, { house: 'arena' });
const entries = async (ref: string, type: string) =>
  (await s.server.services.db.get<{ n: number; sum: number | null }>('SELECT COUNT(*) AS n, SUM(amount) AS sum FROM ledger WHERE ref = ? AND type = ?', ref, type))!;

describe('playing a battle', () => {
  test('a 3-seat battle with a joiner and a bot is played to the end: the pot is paid once and the ledger holds', async () => {
    const alice = await s.server.player('play_alice');
    const bob = await s.server.player('play_bob');
    const [aliceStart, bobStart, houseStart] = [await balanceOf(alice), await balanceOf(bob), await arenaHouse()];
    const created = await createBattle(alice, {}, 5);
    const { price } = created.game;
    expect(created.game).toMatchObject({ status: 'waiting', seats: 3, members: 1, rounds: 5, round: 0, type: 'battle', personal: false });
    expect(created.path).toBe(`/battle/SF${Number(created.game.hash.slice(2))}`);
    await ok(bob, 'arena-battle.join', { token: created.game.token });
    const full = await ok(alice, 'arena-battle.callBots', { hash: created.game.hash });
    expect(full.game.status).toBe('process');
    expect(full.game.users.map((u) => [u.number, u.bot])).toEqual([[1, false], [2, false], [3, true]]);
    expect(await balanceOf(alice)).toBe(aliceStart - price);
    expect(await balanceOf(bob)).toBe(bobStart - price);

    const done = await s.playToEnd(alice, created.game.token);
    expect(done.game.status).toBe('finished');
    expect(done.drops).toHaveLength(15);
    const outcome = done.game.outcome!;
    expect(outcome.pot).toBe(done.drops.reduce((sum, d) => sum + d.value, 0));

    // Who got what follows from the outcome: drops to a human winner, coins to human shares, nothing for the bot.
    const paid = new Map(outcome.payout.shares.map((share) => [share.seat, share.amount]));
    const coinsTo = (seat: number) => (outcome.payout.kind === 'coins' ? (paid.get(seat) ?? 0) : 0);
    const dropsTo = outcome.payout.kind === 'drops' ? outcome.payout.shares[0]!.seat : null;
    expect(await balanceOf(alice)).toBe(aliceStart - price + coinsTo(1));
    expect(await balanceOf(bob)).toBe(bobStart - price + coinsTo(2));
    const held = async (client: typeof alice) => (await ok(client, 'inventory.getAssets', {})).items.map((a) => a.hash).toSorted();
    const granted = done.drops.flatMap((d) => (d.asset_hash ? [d.asset_hash] : [])).toSorted();
    expect(await held(alice)).toEqual(dropsTo === 1 ? granted : []);
    expect(await held(bob)).toEqual(dropsTo === 2 ? granted : []);
    expect(granted).toHaveLength(dropsTo === 1 || dropsTo === 2 ? 15 : 0);
    expect(done.game.users.map((u) => u.reward)).toEqual([1, 2, 3].map((seat) => paid.get(seat) ?? 0));

    // Ticking on changes nothing: the pot was paid once.
    const rewards = await entries(created.game.hash, 'arena_reward');
    await s.advance(120_000);
    expect(await entries(created.game.hash, 'arena_reward')).toEqual(rewards);
    expect(rewards.sum ?? 0).toBe(coinsTo(1) + coinsTo(2));
    expect(await held(alice)).toHaveLength(dropsTo === 1 ? 15 : 0);
    expect(await arenaHouse()).toBe(houseStart + 2 * price - coinsTo(1) - coinsTo(2));
    expect(await s.server.services.ledger.check(s.server.services.db)).toMatchObject({ ok: true, problems: [] });
  });

  test("a finished battle's public record replays through the battle rules to the same drops and winner", async () => {
    const carol = await s.server.player('replay_carol');
    const created = await createBattle(carol, { number: 4, options: { crazy: 1 }, kings: 2 }, 5);
    const hidden = await battle(carol, created.game.hash);
    expect(hidden.game.seed).toMatchObject({ server_seed: null, beacon: null });
    await ok(carol, 'arena-battle.callBots', { hash: created.game.hash });
    const record = await s.playToEnd(carol, created.game.hash);
    const { game, drops, boxes, items } = record;
    const { seed } = game;
    expect(sha256Hex(seed.server_seed!)).toBe(seed.server_seed_hashed);
    // The beacon is the chain's first block after the last seat filled.
    expect(seed.time).toBe(seed.block_number! * 1_000);
    expect(seed.time!).toBeGreaterThan(game.process.filled_at!);
    expect(seed.time! - 1_000).toBeLessThanOrEqual(game.process.filled_at!);
    expect(s.server.services.beacon.block(seed.block_number!)?.id).toBe(seed.beacon);

    const box = boxes[0]!;
    const price = new Map(items.map((item) => [item.hash, item.price]));
    for (const drop of drops) {
      expect(drop.client_seed).toBe(seed.server_seed);
      expect(drop.nonce).toBe(battleNonce(drop.round, drop.seat, game.seats));
      expect(drop.ticket).toBe(fairTicket(seed.beacon!, seed.server_seed!, drop.nonce));
      const slot = pickByTicket(box.slots, drop.ticket)!;
      expect([drop.item_hash, drop.range]).toEqual([slot.item_hash, slot.range]);
      expect(drop.value).toBe(price.get(drop.item_hash));
    }
    const tables = Array.from({ length: game.rounds }, () => box.slots.map((slot) => ({ ...slot, price: price.get(slot.item_hash)! })));
    const replayed = battleDrops({ beacon: seed.beacon!, serverSeed: seed.server_seed! }, game.seats, tables);
    expect(replayed.flat().map((d) => [d.round, d.seat, d.ticket, d.item.item_hash])).toEqual(drops.map((d) => [d.round, d.seat, d.ticket, d.item_hash]));
    const outcome = decideBattle({
      seats: game.seats,
      mode: game.mode,
      options: battleOptions(game.options),
      fairness: { beacon: seed.beacon!, serverSeed: seed.server_seed! },
      values: dropValues(replayed),
    });
    expect(outcome.winners).toEqual(game.outcome!.winners);
    expect(outcome.payout).toEqual(game.outcome!.payout);
    expect(outcome.decidedBy).toBe(game.outcome!.decided_by);
  });

  test('the lobby and the game room receive every event in order with consecutive offsets; players hear the start and the end', async () => {
    const dave = await s.server.player('sock_dave');
    const lobby = await (await s.server.player('sock_watcher')).socket();
    lobby.send('join-room', { room: Rooms.lobby });
    await lobby.next('ROOM_JOINED');
    const own = await dave.socket();
    const { listing } = await ok(dave, 'arena-case.listing', { fields: 'enabled' });
    const created = await createBattle(dave, { number: 2, scheme: `${listing[0]!.hash}-1-${listing[1]!.hash}-1` });
    expect(created.game.rounds).toBe(2);
    const { hash } = created.game;
    const room = Rooms.arenaGame(hash);
    const viewer = await s.server.player('sock_viewer');
    const watch = await viewer.socket();
    watch.send('join-room', { room });
    await watch.next('ROOM_JOINED');
    await ok(dave, 'arena-battle.callBots', { hash });
    await s.playToEnd(dave, hash);
    await until(() => framesOf(lobby.frames, Rooms.lobby, hash).some((f) => f.type === 'LOBBY_GAME_CLOSED'));
    await until(() => framesOf(watch.frames, room, hash).some((f) => f.type === 'ARENA_GAME_STATUS' && f.data.status === 'finished'));
    await until(() => own.frames.some((f) => f.type === 'ARENA_GAME_CLOSED'));

    const lobbyFrames = framesOf(lobby.frames, Rooms.lobby, hash);
    expect(lobbyFrames.map((f) => f.type)).toEqual([
      'LOBBY_GAME_CREATED', 'LOBBY_GAME_JOINED', 'LOBBY_GAME_PROCESS', 'LOBBY_GAME_UPDATED', 'LOBBY_GAME_PROCESS', 'LOBBY_GAME_UPDATED', 'LOBBY_GAME_CLOSED',
    ]);
    expect(lobbyFrames.map((f) => (f.data.game as { status: string }).status)).toEqual(['waiting', 'process', 'process', 'process', 'running', 'running', 'finished']);
    // Every lobby event of the room, this battle's or not, has the next offset.
    const lobbyOffsets = lobby.frames.filter((f) => f.room === Rooms.lobby).map((f) => f.offset!);
    expect(lobbyOffsets).toEqual(lobbyOffsets.map((_, i) => lobbyOffsets[0]! + i));

    const roomFrames = watch.frames.filter((f) => f.room === room);
    // The room's watcher count (ONLINE) comes on the live domain's own 5 s timer, whenever a
    // stepped clock crosses it: a room event with its offset, but not one of the game's.
    const gameFrames = roomFrames.filter((f) => f.type !== 'ONLINE');
    expect(gameFrames.map((f) => (f.type === 'ARENA_GAME_STATUS' ? `STATUS ${f.data.status as string}` : f.type === 'ARENA_GAME_ROLL' ? `ROLL ${f.data.round as number}` : f.type))).toEqual([
      'STATUS process', 'ARENA_GAME_UPDATE', 'ARENA_GAME_UPDATE', 'STATUS running', 'ROLL 1', 'ARENA_GAME_UPDATE', 'ROLL 2', 'ARENA_GAME_UPDATE',
      'STATUS finished', 'ARENA_GAME_UPDATE',
    ]);
    expect(roomFrames.map((f) => f.offset)).toEqual(roomFrames.map((_, i) => roomFrames[0]!.offset! + i));
    const rolls = gameFrames.filter((f) => f.type === 'ARENA_GAME_ROLL');
    const final = await battle(dave, hash);
    expect(rolls.flatMap((f) => (f.data.drops as { hash: string; ticket: number }[]).map((d) => [d.hash, d.ticket]))).toEqual(final.drops.map((d) => [d.hash, d.ticket]));

    const notices = own.frames.filter((f) => f.type === 'ARENA_GAME_RUN' || f.type === 'ARENA_GAME_CLOSED').map((f) => f.data);
    expect(notices).toEqual([
      expect.objectContaining({ type: 'game_start', hash, path: created.path, personal: false, status: 'running', reward: null }),
      expect.objectContaining({ type: 'game_done', hash, status: 'finished', reward: final.game.users[0]!.reward }),
    ]);
  });

  test('a restart resumes a battle in play from its stored state and finishes it once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-battle-restart-'));
    try {
      const first = await startBattleServer({ dataDir });
      const erin = await first.server.player('restart_erin');
      const start = await balanceOf(erin);
      const created = await createBattle(erin, { number: 2 }, 5);
      await ok(erin, 'arena-battle.callBots', { hash: created.game.hash });
      await first.advance(5_000);
      await first.advance(7_000);
      const midway = await battle(erin, created.game.hash);
      expect(midway.game).toMatchObject({ status: 'running', round: 2 });
      await first.server.close();

      const second = await startBattleServer({ dataDir }, first.now());
      try {
        const again = await second.server.player('restart_erin');
        const resumed = await battle(again, created.game.hash);
        expect(resumed.drops).toEqual(midway.drops);
        // On PostgreSQL the new process runs the clocks once it holds the lease, which it asks for
        // every second until the closed one's connection, and the lease with it, has gone.
        await until(() => second.battles().runner.size() === 1, 15_000);
        const done = await second.playToEnd(again, created.game.hash);
        expect(done.game.status).toBe('finished');
        // The same drops, now showing the revealed seed (and the assets, when Erin took them).
        const rolls = (drops: typeof midway.drops) => drops.map((d) => [d.hash, d.round, d.seat, d.ticket, d.item_hash, d.value]);
        expect(rolls(done.drops.slice(0, midway.drops.length))).toEqual(rolls(midway.drops));
        expect(done.drops.every((d) => d.client_seed === done.game.seed.server_seed)).toBe(true);
        const won = done.game.outcome!.payout;
        const coins = won.kind === 'coins' ? (won.shares.find((share) => share.seat === 1)?.amount ?? 0) : 0;
        expect(await balanceOf(again)).toBe(start - created.game.price + coins);
        const tookDrops = won.kind === 'drops' && won.shares[0]!.seat === 1;
        expect((await ok(again, 'inventory.getAssets', {})).items).toHaveLength(tookDrops ? done.drops.length : 0);
        expect((await second.server.services.ledger.check(second.server.services.db)).ok).toBe(true);
      } finally {
        await second.server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('spec fields of a lobby game (issue 12 spec drift)', () => {
  test("each seat carries its player's borrow and game.seed its latest ticket", async () => {
    const { db, ledger } = s.server.services;
    const lender = await s.server.player('borrow_lender');
    const club = await s.server.player('borrow_club');
    const clubId = (await db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', 'borrow_club'))!.id;
    // A sponsor's credit of 250.00 on the 1,000.00 start: a fifth of the balance is sponsored.
    await db.transaction((tx) => ledger.lend(tx, clubId, 25_000));
    const borrow = (await ledger.split(db, clubId)).borrow;
    expect(borrow).toBeCloseTo(0.2, 12);

    const created = await createBattle(lender, {}, 1);
    expect(created.game.users[0]).toMatchObject({ number: 1, borrow: 0 });
    expect(created.game.seed.ticket).toBeNull();
    const joined = await ok(club, 'arena-battle.join', { token: created.game.token });
    expect(joined.game.users[1]).toMatchObject({ number: 2, borrow });
    const full = await ok(lender, 'arena-battle.callBots', { hash: created.game.hash });
    expect(full.game.users[2]).toMatchObject({ number: 3, bot: true, borrow: 0 });

    const done = await s.playToEnd(lender, created.game.token);
    const rolls = [...done.drops, ...(done.game.outcome?.tiebreak?.rolls ?? [])];
    const last = rolls.reduce((top, roll) => (roll.nonce > top.nonce ? roll : top));
    expect(last.nonce).toBeGreaterThanOrEqual(3);
    expect(done.game.seed.ticket).toBe(last.ticket);
    // The seats keep the borrow they sat down with, whatever the balance did since.
    expect(done.game.users.map((u) => u.borrow)).toEqual([0, borrow, 0]);
  });
});

describe('lobby, history and statistics', () => {
  test('the lobby lists open public battles and the player own; history pages ended ones with resume counts', async () => {
    const fay = await s.server.player('lobby_fay');
    const open = await createBattle(fay, { number: 2 });
    const personal = await createBattle(fay, { number: 2, personal: 1 });
    const finished = await createBattle(fay, { number: 2 });
    await ok(fay, 'arena-battle.callBots', { hash: finished.game.hash });
    await s.playToEnd(fay, finished.game.token);

    const visitor = s.server.client();
    const seen = await ok(visitor, 'arena.lobby', { batch: 'ARENA' });
    const publicHashes = seen.public.map((g) => g.hash);
    expect(publicHashes).toContain(open.game.hash);
    expect(publicHashes).not.toContain(personal.game.hash);
    expect(publicHashes).not.toContain(finished.game.hash);
    expect(seen.personal).toEqual([]);
    expect(seen.config.seats).toEqual({ min: 2, max: 5 });
    expect(seen.boxes.map((b) => b.hash)).toContain(open.game.box_hashes[0]);
    expect(seen.users.map((u) => u.name)).toContain('lobby_fay');

    const mine = await ok(fay, 'arena.lobby');
    expect(mine.personal.map((g) => g.hash)).toEqual([personal.game.hash, open.game.hash]);

    // A personal battle is reachable by its token, and by hash only for its players.
    expect((await visitor.call('arena.game', { hash: personal.game.hash })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect((await battle(visitor, personal.game.token)).game.hash).toBe(personal.game.hash);
    expect((await battle(fay, personal.game.hash)).game.personal).toBe(true);

    await ok(fay, 'arena-battle.leave', { token: open.game.token });
    const history = await ok(fay, 'arena.history', { list: 'history', count: 1 });
    expect(history.history.map((g) => [g.hash, g.status])).toEqual([[finished.game.hash, 'finished']]);
    expect(history.resume).toMatchObject({ loaded: false, total_count: 2, multi_count: 0 });
    expect(history.resume.top_reward).toBe((await battle(fay, finished.game.hash)).game.users[0]!.reward);
    const next = await ok(fay, 'arena.history', { list: 'history', count: 1, offset: history.history[0]!.hash });
    expect(next.history.map((g) => [g.hash, g.status, g.close_reason])).toEqual([[open.game.hash, 'closed', 'creator_left']]);
    expect(next.resume.loaded).toBe(true);

    const figures = await ok(visitor, 'arena.statistics');
    expect(figures.games.finished).toBeGreaterThanOrEqual(1);
    expect(figures.pot_total).toBeGreaterThan(0);
    expect(figures.top_pot?.pot).toBeGreaterThan(0);
  });
});
