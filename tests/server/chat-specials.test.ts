/**
 * The chat's special messages and the live counts (docs/decisions/0050), each end to end on a
 * real socket: arena_drop (a case opened, a battle's best drop), radio, stream (in
 * world-console.test.ts), chat_steal and rakeback_rain rewards (world-console.test.ts),
 * card_activated, rakeback_rain tips, system (world-console.test.ts); LOBBY_ONLINE, CHAT_ONLINE,
 * ONLINE, ARENA_STATISTICS and the sponsor lobby messages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { ARENA_DROP_MIN } from '../../src/core/chat.ts';
import { bpReward, toHash } from '../../src/core/index.ts';
import { grantCard } from '../../sim-server/domains/cards/cards.ts';
import { setSimulatedOnline } from '../../sim-server/world/population-count.ts';
import { battle, createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';
import { cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { chatSocket, hashOf } from './chat-helpers.ts';
import { openSocket, startServer, type Frame, type TestServer } from './harness.ts';
import { expectLedgerOk } from './wallet-helpers.ts';

type Socket = Awaited<ReturnType<Client['socket']>>;

async function roomSocket(client: Client, room: string): Promise<Socket> {
  const socket = await client.socket();
  socket.send('join-room', { room });
  while ((await socket.next('ROOM_JOINED')).data.room !== room);
  return socket;
}

async function nextWhere(socket: Pick<Socket, 'next'>, type: string, match: (frame: Frame) => boolean, ms = 8_000): Promise<Frame> {
  const until = Date.now() + ms;
  for (;;) {
    const frame = await socket.next(type, Math.max(1, until - Date.now()));
    if (match(frame)) return frame;
  }
}

const message = (frame: Frame) => (frame.data as { message: { origin: string | null; details: Record<string, unknown>; user_hash: string | null } }).message;
const ofOrigin = (origin: string) => (frame: Frame) => message(frame).origin === origin;

describe('drops worth telling (a catalog whose every item clears the threshold)', () => {
  let s: BattleServer;
  beforeAll(async () => {
    s = await startBattleServer();
    // Every item is dear, so any drop is an arena drop; case prices (their versions) stay.
    await s.server.services.db.run('UPDATE items SET price = price + ?', ARENA_DROP_MIN);
    s.server.services.catalog.forget();
  });
  afterAll(() => s.server.close());

  test('a case opened: the arena_drop message comes once the spin has ended, not before', async () => {
    const player = await s.server.player('drop_opener');
    const chat = await chatSocket(player);
    const box = await cheapestCase(player);
    const created = await ok(player, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
    const rolled = Date.now();
    const roll = await ok(player, 'arena-unbox.roll', { token: created.game.token, fast: true });
    const told = message(await nextWhere(chat, 'MSG_CREATED', ofOrigin('arena_drop'), 6_000));
    expect(Date.now() - rolled).toBeGreaterThanOrEqual(roll.roll.duration - 50);
    expect(told).toMatchObject({
      user_hash: await hashOf(player),
      details: { game_type: 'unbox', game_path: `/case/${box.key}`, drop_price: roll.item.price, asset_name: roll.item.name, item_rarity: roll.item.rarity },
    });
  });

  test('a battle finished: its best drop by a player (not a bot) is told with the battle and the round', async () => {
    const host = await s.server.player('drop_host');
    const chat = await chatSocket(host);
    const created = await createBattle(host, { number: 2 }, 1);
    await ok(host, 'arena-battle.callBots', { hash: created.game.hash });
    const done = await s.playToEnd(host, created.game.token);
    const mine = done.drops.filter((d) => d.seat === 1);
    const best = Math.max(...mine.map((d) => d.value));
    const told = message(await nextWhere(chat, 'MSG_CREATED', ofOrigin('arena_drop')));
    expect(told).toMatchObject({ user_hash: await hashOf(host), details: { game_type: 'battle', game_path: created.path, drop_price: best, game_round: mine.find((d) => d.value === best)!.round, game_rounds: 1 } });
    await expectLedgerOk(s.server);
  });

  test('sponsored seats: created, joined and updated go to LOBBY beside the battle\'s own messages', async () => {
    const host = await s.server.player('spons_host');
    const sponsor = await s.server.player('spons_payer');
    const taker = await s.server.player('spons_taker');
    const lobby = await roomSocket(host, Rooms.lobby);
    const created = await createBattle(host, { number: 4 });
    const { hash, token } = created.game;
    await ok(sponsor, 'arena-battle.sponsor', { token, seats: 2 });
    const made = await lobby.next('LOBBY_SPONSOR_CREATED');
    expect(made.data).toMatchObject({ game: { hash, sponsor: { seats: 2 } }, sponsor_hash: await hashOf(sponsor), seats: 2 });
    await ok(sponsor, 'arena-battle.sponsor', { token, seats: 1 });
    expect((await lobby.next('LOBBY_SPONSOR_UPDATED')).data).toMatchObject({ game: { hash, sponsor: { seats: 3 } } });
    await ok(taker, 'arena-battle.lobbyJoin', { token });
    expect((await lobby.next('LOBBY_SPONSOR_JOINED')).data).toMatchObject({ game: { hash, sponsor: { seats: 2 } }, seat: 2, user: { hash: await hashOf(taker) } });
    // Bots fill the rest: the unused sponsored seats go back, and the lobby hears it.
    await ok(host, 'arena-battle.callBots', { hash });
    expect((await lobby.next('LOBBY_SPONSOR_UPDATED')).data).toMatchObject({ game: { hash, sponsor: { seats: 0 } } });
    expect((await battle(host, token)).game.sponsor.seats).toBe(0);
    await expectLedgerOk(s.server);
  });
});

describe('the chat hears of songs, cards and rain tips; the counts go live', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => {
    setSimulatedOnline(0);
    return server.close();
  });

  test('a requested song is told as a radio message by its requester', async () => {
    const player = await server.player('spec_radio');
    const chat = await chatSocket(player);
    const { list } = await ok(player, 'radio.list', { count: 20 });
    const song = list.find((s) => s.order === null)!;
    await ok(player, 'radio.request', { id: song.id, stamp: 'spec-radio-1' });
    const told = message(await nextWhere(chat, 'MSG_CREATED', ofOrigin('radio')));
    expect(told).toMatchObject({ user_hash: await hashOf(player), details: { name: song.name, author: song.author, album: song.album, year: song.year } });
  });

  test('a booster card activated is told as card_activated with its kind', async () => {
    const player = await server.player('spec_card');
    const chat = await chatSocket(player);
    const id = await server.services.db.transaction(async (tx) => {
      const user = (await tx.get<{ id: number }>("SELECT id FROM users WHERE name = 'spec_card'"))!;
      return grantCard(tx, await server.services.catalog.view(), user.id, { ...bpReward(3, 'premium'), level: 1 }, 'test', Date.now());
    });
    await ok(player, 'inventory.activate', { asset_hash: toHash(id) });
    const told = message(await nextWhere(chat, 'MSG_CREATED', ofOrigin('card_activated')));
    expect(told).toMatchObject({ user_hash: await hashOf(player), details: { asset_type: 'booster', asset_details: { type: bpReward(3, 'premium').detail } } });
  });

  test('a tip into the rain is told as rakeback_rain of type tip; an anonymous one names nobody', async () => {
    const player = await server.player('spec_raintip');
    const chat = await chatSocket(player);
    await ok(player, 'chat-rain.tip', { amount: 150 });
    expect(message(await nextWhere(chat, 'MSG_CREATED', ofOrigin('rakeback_rain')))).toMatchObject({ user_hash: await hashOf(player), details: { type: 'tip', amount: 150 } });
    await ok(player, 'chat-rain.tip', { amount: 250, anonymous: 1 });
    expect(message(await nextWhere(chat, 'MSG_CREATED', ofOrigin('rakeback_rain')))).toMatchObject({ user_hash: null, details: { type: 'tip', amount: 250, anonymous: true } });
    await expectLedgerOk(server);
  });

  test('LOBBY_ONLINE and CHAT_ONLINE count real sockets and, apart, the simulated players; arena.lobby and arena.statistics say the same', async () => {
    const player = await server.player('spec_online');
    const lobby = await roomSocket(player, Rooms.lobby);
    const chat = await chatSocket(player);
    setSimulatedOnline(40);
    const pushed = (await nextWhere(lobby, 'LOBBY_ONLINE', (f) => f.data.simulated === 40, 7_000)).data as { online: number; simulated: number };
    expect(pushed.online).toBeGreaterThanOrEqual(2);
    expect((await nextWhere(chat, 'CHAT_ONLINE', (f) => f.data.simulated === 40, 7_000)).data).toMatchObject({ simulated: 40 });
    expect(await ok(player, 'arena.lobby', {})).toMatchObject({ simulated: 40, online: expect.any(Number) });
    expect(await ok(player, 'chat.messages', {})).toMatchObject({ simulated: 40 });
    const stats = await ok(player, 'arena.statistics', {});
    expect(stats).toMatchObject({ simulated: 40, today: { games: expect.any(Number), biggest_drop: null } });
    setSimulatedOnline(0);
  });

  test('ARENA_STATISTICS follows the day: games played and the biggest drop', async () => {
    const player = await server.player('spec_stats');
    const lobby = await roomSocket(player, Rooms.lobby);
    const before = await ok(player, 'arena.statistics', {});
    const { rolls } = await openCases(player, (await cheapestCase(player)).hash, 5);
    const pushed = (await nextWhere(lobby, 'ARENA_STATISTICS', (f) => (f.data.today as { games: number }).games > before.today.games, 12_000)).data as {
      today: { games: number; cases_opened: number; biggest_drop: { value: number; user: { hash: string }; game_type: string } | null };
    };
    expect(pushed.today.games).toBe(before.today.games + 1);
    expect(pushed.today.cases_opened).toBe(before.today.cases_opened + 5);
    const dearest = Math.max(...rolls.map((r) => r.item.price));
    expect(pushed.today.biggest_drop?.value).toBeGreaterThanOrEqual(dearest);
    expect(await ok(player, 'arena.statistics', {})).toMatchObject({ today: pushed.today });
  });

  test('a game page\'s watchers are pushed to its room as ONLINE', async () => {
    const host = await server.player('spec_watchhost');
    const created = await createBattle(host, { number: 2 });
    const room = Rooms.arenaGame(created.game.hash);
    const visitorIn = async () => {
      const socket = await openSocket(server.url);
      socket.send('join-room', { room });
      await socket.next('ROOM_JOINED');
      return socket;
    };
    const watcher = await visitorIn();
    expect((await nextWhere(watcher, 'ONLINE', (f) => f.data.online === 1, 7_000)).data).toEqual({ room, online: 1 });
    const second = await visitorIn();
    expect((await nextWhere(watcher, 'ONLINE', (f) => f.data.online === 2, 7_000)).data).toEqual({ room, online: 2 });
    second.close();
  });
});
