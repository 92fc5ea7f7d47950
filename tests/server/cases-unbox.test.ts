import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isBattleDetail, Rooms } from '../../src/contract/index.ts';
import { fairTicket, pickByTicket, sha256Hex } from '../../src/core/index.ts';
import { balanceOf, cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { openSocket, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** arena.game of a personal unbox game (the method answers battles too). */
async function unboxRecord(player: Client, token: string) {
  const record = await ok(player, 'arena.game', { hash: token });
  if (isBattleDetail(record)) throw new Error(`${token} is a battle`);
  return record;
}

const gamesOf = async (userHash: string) =>
  (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM unbox_games WHERE user_id = ?', Number(userHash.slice(2))))!.n;

describe('opening cases', () => {
  test('every ticket recomputes from the revealed server seed and picks the recorded item by its range', async () => {
    const player = await server.player('fair_opener');
    const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
    const seedBefore = await ok(player, 'user.seed');
    expect(seedBefore.nonce).toBe(0);
    expect(seedBefore.client_seed).toMatch(/^[A-Za-z0-9]{10}$/);
    const cheap = await openCases(player, listing[0]!.hash, 10);
    const dear = await openCases(player, listing.at(-1)!.hash, 5);
    expect(cheap.created.path).toBe(`/case/${listing[0]!.key}/${cheap.created.game.token}`);
    expect(cheap.created.game.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect([...cheap.rolls, ...dear.rolls].map((r) => r.drop.nonce)).toEqual([...Array(15).keys()]);
    expect(cheap.rolls.at(-1)!.game.status).toBe('finished');

    // Before rotation the record shows the seed only hashed.
    const hidden = await unboxRecord(player, cheap.created.game.token);
    expect(hidden.drops.every((drop) => drop.server_seed === null)).toBe(true);

    const rotated = await ok(player, 'user.seed', { rotate: 1 });
    expect(rotated.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(rotated.server_seed!)).toBe(seedBefore.server_seed_hashed);
    expect(rotated.server_seed_hashed).toBe(seedBefore.next_server_seed_hashed);
    expect(rotated.nonce).toBe(0);
    expect(rotated.client_seed).toBe(seedBefore.client_seed);

    let checked = 0;
    for (const { created, rolls } of [cheap, dear]) {
      const record = await unboxRecord(player, created.game.token);
      expect(record.drops).toHaveLength(rolls.length);
      const [table] = record.boxes;
      expect(table!.version).toBe(record.game.box_version);
      for (const drop of record.drops) {
        expect(drop.server_seed).toBe(rotated.server_seed);
        expect(drop.server_seed_hashed).toBe(seedBefore.server_seed_hashed);
        expect(drop.client_seed).toBe(seedBefore.client_seed);
        const ticket = fairTicket(drop.server_seed!, drop.client_seed, drop.nonce, 100_000);
        expect(drop.ticket).toBe(ticket);
        const slot = pickByTicket(table!.slots, ticket)!;
        expect(slot.item_hash).toBe(drop.item_hash);
        expect(drop.range).toEqual(slot.range);
        checked += 1;
      }
      expect(record.items.map((item) => item.hash).toSorted()).toEqual([...new Set(record.drops.map((d) => d.item_hash))].toSorted());
    }
    expect(checked).toBe(15);
  });

  test('one debit of count times price buys the rolls; balance and inventory match the ledger', async () => {
    const player = await server.player('ledger_opener');
    const box = await cheapestCase(player);
    const start = await balanceOf(player);
    const created = await ok(player, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    expect(created.game).toMatchObject({ status: 'running', round: 0, rounds: 5, price: box.price, total: 5 * box.price });
    expect(await balanceOf(player)).toBe(start - 5 * box.price);
    const history = await ok(player, 'wallet.getHistory', {});
    const bought = (history as { actions: { type: string; amount: number }[] }).actions.filter((a) => a.type === 'unbox_boxes_bought');
    expect(bought).toEqual([expect.objectContaining({ amount: -5 * box.price })]);

    const drops = [];
    for (let i = 0; i < 5; i++) drops.push(await ok(player, 'arena-unbox.roll', { token: created.game.token, fast: i % 2 }));
    expect(drops.map((d) => d.roll)).toEqual([1, 2, 3, 4, 5].map((round) => ({ round, duration: round % 2 === 0 ? 2_000 : 5_000 })));
    // Rolling moves no money; the drops sit in the inventory.
    expect(await balanceOf(player)).toBe(start - 5 * box.price);
    const inventory = await ok(player, 'inventory.getAssets', {});
    expect(inventory.items.map((a) => a.hash).toSorted()).toEqual(drops.map((d) => d.asset.hash).toSorted());
    expect(inventory.resume.total_price).toBe(drops.reduce((sum, d) => sum + d.item.price, 0));
    expect(await server.services.ledger.check(server.services.db)).toMatchObject({ ok: true });
  });

  test('without enough funds opening answers COMMIT_ERROR and records nothing', async () => {
    const poor = await startServer({ startBalance: 450 });
    try {
      const player = await poor.player('short_opener');
      const box = await cheapestCase(player);
      const seed = await ok(player, 'user.seed');
      const answer = await player.call('arena-unbox.create', { box_hash: box.hash, count: 5, seed: 'AnotherSeed' });
      expect(answer.error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough funds' });
      expect(await balanceOf(player)).toBe(450);
      expect((await poor.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM unbox_games'))!.n).toBe(0);
      // The seed change that came with the refused call was rolled back too.
      expect(await ok(player, 'user.seed')).toEqual(seed);
      expect(await poor.services.ledger.check(poor.services.db)).toMatchObject({ ok: true });
    } finally {
      await poor.close();
    }
  });

  test('a deprecated case, an unknown case and a count outside the spec are refused and charge nothing', async () => {
    const player = await server.player('bad_opener');
    const deprecated = (await ok(player, 'arena-case.listing')).listing.find((box) => box.deprecated)!;
    const start = await balanceOf(player);
    expect((await player.call('arena-unbox.create', { box_hash: deprecated.hash, count: 1 })).error).toEqual({
      error_code: 19,
      error_msg: `Box ${deprecated.hash} deprecated.`,
    });
    expect((await player.call('arena-unbox.create', { box_hash: 'SF999999', count: 1 })).error).toEqual({ error_code: 19, error_msg: 'Box SF999999 not found.' });
    const box = await cheapestCase(player);
    expect((await player.call('arena-unbox.create', { box_hash: box.hash, count: 3 })).error?.error_code).toBe(16);
    expect((await player.call('arena-unbox.create', { box_hash: box.hash, count: 0 })).error?.error_code).toBe(16);
    expect(await balanceOf(player)).toBe(start);
    expect(await gamesOf((await ok(player, 'user.getUser') as { user: { hash: string } }).user.hash)).toBe(0);
  });

  test("rolling another player's game is refused and moves nothing", async () => {
    const owner = await server.player('roll_owner');
    const thief = await server.player('roll_thief');
    const created = await ok(owner, 'arena-unbox.create', { box_hash: (await cheapestCase(owner)).hash, count: 1 });
    const thiefSeed = await ok(thief, 'user.seed');
    expect((await thief.call('arena-unbox.roll', { token: created.game.token })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect(await ok(thief, 'user.seed')).toEqual(thiefSeed);
    expect((await ok(thief, 'inventory.getAssets', {})).items).toEqual([]);
    const game = await ok(owner, 'arena.game', { hash: created.game.token });
    expect(game.game).toMatchObject({ round: 0, status: 'running' });
    expect(game.drops).toEqual([]);
  });

  test('a finished game refuses another roll and spends no nonce', async () => {
    const player = await server.player('done_roller');
    const { created } = await openCases(player, (await cheapestCase(player)).hash, 1);
    const seed = await ok(player, 'user.seed');
    expect((await player.call('arena-unbox.roll', { token: created.game.token })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game is finished.' });
    expect(await ok(player, 'user.seed')).toEqual(seed);
    expect((await ok(player, 'inventory.getAssets', {})).items).toHaveLength(1);
  });

  test('ten concurrent rolls of a one-roll game drop exactly one item', async () => {
    const player = await server.player('race_roller');
    const created = await ok(player, 'arena-unbox.create', { box_hash: (await cheapestCase(player)).hash, count: 1 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => player.call('arena-unbox.roll', { token: created.game.token })));
    expect(answers.filter((a) => a.response)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 'GAME_ERROR')).toHaveLength(9);
    expect((await ok(player, 'inventory.getAssets', {})).items).toHaveLength(1);
    expect((await ok(player, 'user.seed')).nonce).toBe(1);
  });

  test('a retried create with the same stamp buys once', async () => {
    const player = await server.player('stamp_opener');
    const box = await cheapestCase(player);
    const start = await balanceOf(player);
    const answers = await Promise.all(Array.from({ length: 5 }, () => player.call('arena-unbox.create', { box_hash: box.hash, count: 1, stamp: 'open-1' })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await balanceOf(player)).toBe(start - box.price);
  });
});

describe('games and live drops', () => {
  test('a roll reaches the lobby as LOBBY_DROP_DROPPED and the game room as ARENA_GAME_ROLL', async () => {
    const player = await server.player('live_dropper');
    // A visitor's socket: the home page shows live drops to everyone.
    const watcher = await openSocket(server.url);
    watcher.send('join-room', { room: Rooms.lobby });
    await watcher.next('ROOM_JOINED');
    const created = await ok(player, 'arena-unbox.create', { box_hash: (await cheapestCase(player)).hash, count: 1 });
    const own = await player.socket();
    own.send('join-room', { room: Rooms.arenaGame(created.game.token) });
    await own.next('ROOM_JOINED');
    const roll = await ok(player, 'arena-unbox.roll', { token: created.game.token });
    const live = await watcher.next('LOBBY_DROP_DROPPED');
    expect(live.room).toBe(Rooms.lobby);
    expect(live.data).toMatchObject({ hash: roll.drop.hash, user_hash: roll.drop.user_hash, box_hash: roll.game.box_hash, items: [roll.item] });
    expect((live.data.user as { name: string }).name).toBe('live_dropper');
    const frame = await own.next('ARENA_GAME_ROLL');
    expect(frame.data).toEqual(roll);
    watcher.close();
    own.close();
  });

  test('arena.game answers GAME_ERROR for an unknown token and INPUT_ERROR without one', async () => {
    const visitor = server.client();
    expect((await visitor.call('arena.game', { hash: 'x'.repeat(32) })).error).toEqual({ error_code: 'GAME_ERROR', error_msg: 'Game not found.' });
    expect((await visitor.call('arena.game', { hash: 'SF1' })).error?.error_code).toBe('GAME_ERROR');
    expect((await visitor.call('arena.game', {})).error?.error_code).toBe(16);
  });
});

describe('seeds', () => {
  test('a new client seed retires the pair: the old server seed is revealed and the nonce starts at 0', async () => {
    const player = await server.player('seed_changer');
    const box = await cheapestCase(player);
    const before = await ok(player, 'user.seed');
    await openCases(player, box.hash, 1);
    expect((await ok(player, 'user.seed')).nonce).toBe(1);
    const same = await ok(player, 'user.seed', { client_seed: before.client_seed });
    expect(same).toEqual({ ...before, nonce: 1, success: true });
    const changed = await ok(player, 'user.seed', { client_seed: 'myOwnSeed1' });
    expect(changed).toMatchObject({ client_seed: 'myOwnSeed1', nonce: 0, server_seed_hashed: before.next_server_seed_hashed });
    expect(sha256Hex(changed.server_seed!)).toBe(before.server_seed_hashed);
    expect(changed.next_server_seed_hashed).not.toBe(before.next_server_seed_hashed);
    const unhashed = await ok(player, 'user.seed', { unhash: 1 });
    expect(unhashed.server_seed).toBe(changed.server_seed);
    const { rolls } = await openCases(player, box.hash, 1);
    expect(rolls[0]!.drop).toMatchObject({ client_seed: 'myOwnSeed1', nonce: 0, server_seed_hashed: before.next_server_seed_hashed });
  });

  test('the seed sent with a create becomes the client seed of its rolls', async () => {
    const player = await server.player('seed_sender');
    const { game } = await ok(player, 'arena-unbox.create', { box_hash: (await cheapestCase(player)).hash, count: 1, seed: 'sentWithIt' });
    const roll = await ok(player, 'arena-unbox.roll', { token: game.token });
    expect(roll.drop).toMatchObject({ client_seed: 'sentWithIt', nonce: 0 });
  });
});
