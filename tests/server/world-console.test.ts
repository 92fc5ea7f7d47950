/**
 * The world console (docs/decisions/0050): each trigger sets its event off now and a real
 * socket receives it; bad input (no key, unknown player, numbers out of range) is refused in
 * the spec's envelope and changes nothing. The server runs on the real clock: the rain's, the
 * steal's and the party's timers step on their own, as in the browser.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError, Rooms } from '../../src/contract/index.ts';
import { solvePow } from '../../src/core/rain.ts';
import { RAIN_HOUSE } from '../../sim-server/domains/chat/rain.ts';
import { cheapestCase, openCases } from './cases-helpers.ts';
import { chatSocket, hashOf, ok, type Client } from './chat-helpers.ts';
import { operatorHeaders, startServer, type Answer, type Frame, type TestServer } from './harness.ts';
import { expectLedgerOk, sim, simPost } from './wallet-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const db = () => server.services.db;
const count = async (sql: string, ...params: (string | number)[]) => (await db().get<{ n: number }>(sql, ...params))!.n;

/** A socket joined to a public room (LOBBY, CHAT ...), visitor or player. */
async function roomSocket(client: Client, room: string) {
  const socket = await client.socket();
  socket.send('join-room', { room });
  while ((await socket.next('ROOM_JOINED')).data.room !== room);
  return socket;
}

/** The next frame of `type` that satisfies `match`. */
async function nextWhere(socket: { next(type: string, ms?: number): Promise<Frame> }, type: string, match: (frame: Frame) => boolean, ms = 8_000): Promise<Frame> {
  const until = Date.now() + ms;
  for (;;) {
    const frame = await socket.next(type, Math.max(1, until - Date.now()));
    if (match(frame)) return frame;
  }
}

/** A chat message frame of an origin. */
const chatMessage = (frame: Frame) => (frame.data as { message: { origin: string | null; details: Record<string, unknown>; text: string; user_hash: string | null } }).message;

describe('the console itself', () => {
  test('the page groups every trigger and shows the world now; without the key it is refused', async () => {
    const visitor = server.client();
    expect((await visitor.request('/api/sim/world')).status).toBe(403);
    expect((await visitor.request('/api/sim/world/race/end', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"period":"daily"}' })).status).toBe(403);
    const page = await visitor.request('/api/sim/world', { headers: operatorHeaders(visitor) });
    expect(page.status).toBe(200);
    const text = page.body.text as string;
    for (const heading of ['Population', 'Rain', 'Split or steal', 'Race', 'Maintenance', 'A player', 'Streams', 'Cases', 'The house in the chat']) expect(text).toContain(`>${heading}</h2>`);
    expect(text).toContain('action="/api/sim/world/population"');
    expect(text).toContain('The world now');
    const state = await visitor.request('/api/sim/world.json', { headers: operatorHeaders(visitor) });
    expect(state.body.response).toMatchObject({ maintenance: { open: false }, race: { offset: 0 }, rain: null });
  });

  test('a form post comes back to the page with the last action, refused or done', async () => {
    const client = server.client();
    const post = (path: string, form: Record<string, string>) =>
      client.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...operatorHeaders(client) }, body: new URLSearchParams(form).toString() });
    const refused = await post('/api/sim/world/protection', { name: 'nobody_here' });
    expect(refused.status).toBe(303);
    const location = refused.response.headers.get('location')!;
    expect(location).toContain('error=1');
    const back = await client.request(location, { headers: operatorHeaders(client) });
    expect(back.body.text).toContain('No player named nobody_here');
  });

  test('bad parameters are refused in the envelope and change nothing', async () => {
    const client = server.client();
    const before = {
      rains: await count('SELECT COUNT(*) AS n FROM chat_rains'),
      steals: await count('SELECT COUNT(*) AS n FROM chat_steal_games'),
      settings: await count('SELECT COUNT(*) AS n FROM world_settings'),
      messages: await count('SELECT COUNT(*) AS n FROM chat_messages'),
      pot: await server.services.ledger.balance(db(), RAIN_HOUSE),
    };
    const refusals: [string, unknown, number | string, RegExp][] = [
      ['/api/sim/world/protection', { name: 'nobody_here' }, NumericError.NOT_FOUND, /No player named nobody_here/],
      ['/api/sim/world/protection', {}, NumericError.INPUT_ERROR, /name/],
      ['/api/sim/world/verify', { name: 'ghost' }, NumericError.NOT_FOUND, /No player named ghost/],
      ['/api/sim/world/rain/start', { pot: -5 }, NumericError.INPUT_ERROR, /pot/],
      ['/api/sim/world/rain/close', {}, NumericError.INVALID_DATA, /No rain is open/],
      ['/api/sim/world/steal/start', { winners: 9 }, NumericError.INPUT_ERROR, /winners/],
      ['/api/sim/world/steal/start', { reward: -1 }, NumericError.INPUT_ERROR, /reward/],
      ['/api/sim/world/steal/roll', {}, NumericError.INVALID_DATA, /No split-or-steal game is waiting/],
      ['/api/sim/world/race/end', { period: 'yearly' }, NumericError.INPUT_ERROR, /period/],
      ['/api/sim/world/maintenance', { open: 'maybe' }, NumericError.INPUT_ERROR, /open/],
      ['/api/sim/world/maintenance', { open: false }, NumericError.INVALID_DATA, /No maintenance is running/],
      ['/api/sim/world/party/close', { name: 'ghost' }, NumericError.NOT_FOUND, /No player named/],
      ['/api/sim/world/cases/deprecate', { box: 'no-such-case' }, NumericError.NOT_FOUND, /No case no-such-case/],
      ['/api/sim/world/stream/start', { name: 'ghost' }, NumericError.NOT_FOUND, /No player named/],
      ['/api/sim/world/stream/start', { name: 'x', followers: -3 }, NumericError.INPUT_ERROR, /followers/],
      ['/api/sim/world/chat/house', { kind: 'spam' }, NumericError.INPUT_ERROR, /kind/],
    ];
    for (const [path, body, code, words] of refusals) {
      const answer: Answer = await simPost(client, path, body);
      expect(answer.error, `${path} ${JSON.stringify(body)}`).toMatchObject({ error_code: code });
      expect(answer.error!.error_msg).toMatch(words);
    }
    const player = await server.player('console_nobody');
    expect((await simPost(client, '/api/sim/world/party/close', { name: 'console_nobody' })).error).toMatchObject({ error_code: NumericError.INVALID_DATA, error_msg: 'console_nobody hosts no open party' });
    expect((await simPost(client, '/api/sim/world/stream/stop', { name: 'console_nobody' })).error).toMatchObject({ error_code: NumericError.INVALID_DATA, error_msg: 'console_nobody is not live' });
    expect(await hashOf(player)).toMatch(/^SF/);
    expect({
      rains: await count('SELECT COUNT(*) AS n FROM chat_rains'),
      steals: await count('SELECT COUNT(*) AS n FROM chat_steal_games'),
      settings: await count('SELECT COUNT(*) AS n FROM world_settings'),
      messages: await count('SELECT COUNT(*) AS n FROM chat_messages'),
      pot: await server.services.ledger.balance(db(), RAIN_HOUSE),
    }).toEqual(before);
  });
});

describe('prompts to one player', () => {
  test('a protection challenge, basic verification and the close-party prompt reach the player\'s socket', async () => {
    const player = await server.player('console_prompted');
    const socket = await player.socket();
    const challenge = await sim<{ token: string }>(player, '/api/sim/world/protection', { name: 'console_prompted' });
    expect((await socket.next('PROTECTION_CHALLENGE')).data).toEqual({ token: challenge.token });
    await sim(player, '/api/sim/world/verify', { name: 'console_prompted' });
    expect((await socket.next('BASIC_VERIFY_REQUIRED')).data.message).toMatch(/Verify your identity/);
    // Once verified, the console refuses to ask again.
    await ok(player, 'account.basic-verify', { full_name: 'Pat Prompted', birth_date: '1990-01-01', country: 'NL' });
    expect((await simPost(player, '/api/sim/world/verify', { name: 'console_prompted' })).error).toMatchObject({ error_code: NumericError.INVALID_DATA });

    // An official party hosted by the player: the prompt asks them to close it, "now" closes it.
    await sim(player, '/api/sim/streams', { name: 'console_prompted', channel: 'promptedTV' });
    const { id } = await sim<{ id: string }>(player, '/api/sim/parties', { host: 'console_prompted' });
    const lobby = await roomSocket(player, Rooms.partyLobby);
    expect(await sim(player, '/api/sim/world/party/close', { name: 'console_prompted' })).toMatchObject({ party: id, prompted: true, closed: false });
    expect((await socket.next('CLOSE_PARTY')).data.message).toMatch(/must be closed/);
    expect(await sim(player, '/api/sim/world/party/close', { name: 'console_prompted', now: true })).toMatchObject({ party: id, closed: true });
    expect((await nextWhere(lobby, 'STREAM_PARTY_UPDATED', (f) => f.data.id === id)).data.status).toBe('closed');
    await expectLedgerOk(server);
  });
});

describe('maintenance', () => {
  test('opening tells every socket, and each socket that connects while it runs; closing tells them it is over', async () => {
    const visitor = server.client();
    const early = await (await import('./harness.ts')).openSocket(server.url);
    const opened = await sim<{ open: boolean; sockets_told: number }>(visitor, '/api/sim/world/maintenance', { open: true, message: 'Back in five' });
    expect(opened).toMatchObject({ open: true, going_down: false, message: 'Back in five' });
    expect(opened.sockets_told).toBeGreaterThan(0);
    expect((await early.next('SERVER_MAINTENANCE')).data).toEqual({ going_down: false, active: true, message: 'Back in five' });
    const late = await (await import('./harness.ts')).openSocket(server.url);
    expect((await late.next('SERVER_MAINTENANCE')).data).toMatchObject({ active: true });
    expect((await visitor.request('/api/sim/world.json', { headers: operatorHeaders(visitor) })).body.response).toMatchObject({ maintenance: { open: true } });

    await sim(visitor, '/api/sim/world/maintenance', { open: false });
    expect((await early.next('SERVER_MAINTENANCE')).data).toEqual({ going_down: false, active: false });
    expect((await late.next('SERVER_MAINTENANCE')).data).toMatchObject({ active: false });
    const after = await (await import('./harness.ts')).openSocket(server.url);
    after.send('ping');
    await after.next('PONG');
    expect(after.frames.map((f) => f.type)).not.toContain('SERVER_MAINTENANCE');
    for (const s of [early, late, after]) s.close();
  });
});

describe('the lobby', () => {
  test('a case retired live is told to LOBBY and can no longer be opened; restoring puts it back', async () => {
    const player = await server.player('console_retire');
    const lobby = await roomSocket(player, Rooms.lobby);
    const box = await cheapestCase(player);
    const retired = await sim<{ box_hash: string; key: string }>(player, '/api/sim/world/cases/deprecate', { box: box.key });
    expect((await lobby.next('LOBBY_BOX_DEPRECATED')).data).toEqual({ box_hash: box.hash, key: box.key });
    expect(retired.box_hash).toBe(box.hash);
    expect((await player.call('arena-unbox.create', { box_hash: box.hash, count: 1 })).error).toMatchObject({ error_code: NumericError.INVALID_DATA, error_msg: `Box ${box.hash} deprecated.` });
    expect((await simPost(player, '/api/sim/world/cases/deprecate', { box: box.hash })).error).toMatchObject({ error_code: NumericError.INVALID_DATA });
    await sim(player, '/api/sim/world/cases/restore', { box: box.hash });
    await openCases(player, box.hash, 1);
  });

  test('a stream started and stopped from the console is told to LOBBY, and the chat hears it went live', async () => {
    const player = await server.player('console_streamer');
    const lobby = await roomSocket(player, Rooms.lobby);
    const chat = await chatSocket(player);
    const stream = await sim<{ hash: string }>(player, '/api/sim/world/stream/start', { name: 'console_streamer', title: 'Battles all night', followers: 2500 });
    expect((await lobby.next('STREAM_ONLINE')).data).toMatchObject({ stream: { hash: stream.hash, title: 'Battles all night' } });
    const message = chatMessage(await nextWhere(chat, 'MSG_CREATED', (f) => chatMessage(f).origin === 'stream'));
    expect(message).toMatchObject({ user_hash: await hashOf(player), details: { name: 'Battles all night', channel_followers: 2500 } });
    expect((await player.request(message.details.stream_preview as string)).response.headers.get('content-type')).toMatch(/svg/);
    await sim(player, '/api/sim/world/stream/stop', { name: 'console_streamer' });
    expect((await lobby.next('STREAM_OFFLINE')).data).toMatchObject({ hash: stream.hash });
  });
});

describe('chat events', () => {
  test('a rain started with a pot, joined, closed now: share, finished and the rewards message arrive within seconds', async () => {
    const player = await server.player('console_rainer');
    await openCases(player, (await cheapestCase(player)).hash, 1);
    const chat = await chatSocket(player);
    const rain = await sim<{ hash: string; captcha: { challenge: string; difficulty: number } }>(player, '/api/sim/world/rain/start', { pot: 25 });
    expect((await chat.next('CHAT_RAIN_ACTIVE')).data).toMatchObject({ rain: { hash: rain.hash, status: 'active' } });
    expect((await simPost(player, '/api/sim/world/rain/start', {})).error).toMatchObject({ error_code: NumericError.INVALID_DATA, error_msg: 'A rain is already running' });
    const hash = await hashOf(player);
    await ok(player, 'chat-rain.join', { rain_hash: rain.hash, token: solvePow(rain.captcha.challenge, hash, rain.captcha.difficulty)! });
    const before = (await ok(player, 'user.getUser')) as { user_wallet: { balance: number } };
    const started = Date.now();
    await sim(player, '/api/sim/world/rain/close');
    expect((await chat.next('CHAT_RAIN_SHARE')).data).toMatchObject({ rain: { hash: rain.hash, status: 'drawing', participants_list: [hash] } });
    const finished = (await chat.next('CHAT_RAIN_FINISHED', 5_000)).data as { rain: { rewards: { user_hash: string; reward: number }[] } };
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(finished.rain.rewards).toEqual([{ user_hash: hash, reward: expect.any(Number) }]);
    const reward = finished.rain.rewards[0]!.reward;
    expect(reward).toBeGreaterThanOrEqual(2_500);
    const told = chatMessage(await nextWhere(chat, 'MSG_CREATED', (f) => chatMessage(f).origin === 'rakeback_rain'));
    expect(told).toMatchObject({ user_hash: null, details: { type: 'rewards', amount: reward, participants: 1, players: [{ hash, reward }] } });
    expect(((await ok(player, 'user.getUser')) as { user_wallet: { balance: number } }).user_wallet.balance).toBe(before.user_wallet.balance + reward);
    await expectLedgerOk(server);
  });

  test('a split-or-steal game started, joined by two, drawn now and ended now: roll, close and the steal message within seconds', async () => {
    const [ann, bob] = await Promise.all(['console_ann', 'console_bob'].map(async (name) => {
      const client = await server.player(name);
      await openCases(client, (await cheapestCase(client)).hash, 1);
      return client;
    }));
    const chat = await chatSocket(ann!);
    const game = await sim<{ hash: string; captcha: { challenge: string; difficulty: number } }>(ann!, '/api/sim/world/steal/start', { winners: 2, reward: 12 });
    expect((await chat.next('CHAT_STEAL_CREATED')).data).toMatchObject({ game: { hash: game.hash, reward: 1_200, winners: 2 } });
    for (const client of [ann!, bob!]) await ok(client, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, await hashOf(client), game.captcha.difficulty)! });
    const started = Date.now();
    expect(await sim(ann!, '/api/sim/world/steal/roll')).toMatchObject({ hash: game.hash, status: 'rolling' });
    expect((await chat.next('CHAT_STEAL_ROLL', 5_000)).data).toMatchObject({ game: { hash: game.hash, status: 'rolling' } });
    await nextWhere(chat, 'CHAT_STEAL_UPDATED', (f) => (f.data.game as { status: string }).status === 'battling', 12_000);
    await ok(ann!, 'chat-steal.decision', { game_hash: game.hash, decision: 'steal' });
    expect(await sim(ann!, '/api/sim/world/steal/end')).toMatchObject({ hash: game.hash, status: 'closed', result: 'steal' });
    expect(Date.now() - started).toBeLessThan(15_000);
    const told = chatMessage(await nextWhere(chat, 'MSG_CREATED', (f) => chatMessage(f).origin === 'chat_steal'));
    expect(told.user_hash).toBeNull();
    expect(told.details).toMatchObject({ game_hash: game.hash, result: 'steal', reward: 1_200, participants: 2 });
    const players = told.details.players as { hash: string; decision: string | null; reward: number }[];
    expect(players).toContainEqual(expect.objectContaining({ hash: await hashOf(ann!), decision: 'steal', reward: 1_200 }));
    expect(players).toContainEqual(expect.objectContaining({ hash: await hashOf(bob!), decision: null, reward: 0 }));
    await expectLedgerOk(server);
  }, 30_000);

  test('the house posts the Discord promo and an item spotlight now', async () => {
    const player = await server.player('console_reader');
    const chat = await chatSocket(player);
    await sim(player, '/api/sim/world/chat/house', { kind: 'discord' });
    // (A drop an earlier test made may be told meanwhile: the house's messages are picked out by origin.)
    const promo = chatMessage(await nextWhere(chat, 'MSG_CREATED', (f) => chatMessage(f).origin === 'system'));
    expect(promo).toMatchObject({ origin: 'system', user_hash: null, details: { type: 'discord', url: expect.stringContaining('discord') } });
    await sim(player, '/api/sim/world/chat/house', { kind: 'item' });
    const item = chatMessage(await nextWhere(chat, 'MSG_CREATED', (f) => chatMessage(f).origin === 'system'));
    expect(item).toMatchObject({ origin: 'system', user_hash: null, details: { type: 'item', game_path: expect.stringMatching(/^\/case\//) } });
    const { item_hash } = JSON.parse(item.text) as { item_hash: string };
    const items = await ok(player, 'item.getItemsByHashes', { hashes: item_hash });
    expect(Object.values(items)[0]).toBeDefined();
  });
});

describe('the race', () => {
  test('ending the daily race pays its places once, and the board starts the next period', async () => {
    const racer = await server.player('console_racer');
    const own = await racer.socket();
    await openCases(racer, (await cheapestCase(racer)).hash, 5);
    const board = await ok(racer, 'race.leaderboard', { period: 'daily' });
    expect(board.me?.place).toBeGreaterThan(0);
    const ended = await sim<{ start: number; end: number; prizes: { place: number; user_hash: string; amount: number }[]; next: { start: number } }>(racer, '/api/sim/world/race/end', { period: 'daily' });
    expect(ended.start).toBe(board.start);
    expect(ended.next.start).toBe(board.end);
    const mine = ended.prizes.find((p) => p.place === board.me!.place);
    expect(mine?.amount).toBeGreaterThan(0);
    expect((await nextWhere(own, 'WALLET_BALANCE_CHANGED', (f) => f.data.type === 'event_leaderboard')).data.amount).toBe(mine!.amount);
    // The period that ended reads as paid; the current one is the next day, empty.
    expect(await ok(racer, 'race.leaderboard', { period: 'daily', start: board.start })).toMatchObject({ paid: true });
    const next = await ok(racer, 'race.leaderboard', { period: 'daily' });
    expect(next).toMatchObject({ start: board.end, paid: false, players: 0 });
    // Paid once: settling again pays nothing more.
    // (The next day's end may cross a week's end: that period is paid then too, as the clock passes it.)
    const dailyPaid = () => count("SELECT COUNT(*) AS n FROM ledger WHERE type = 'event_leaderboard' AND ref LIKE 'race:daily:%'");
    const paidRows = await dailyPaid();
    await sim(racer, '/api/sim/world/race/end', { period: 'daily' });
    expect(await count("SELECT COUNT(*) AS n FROM race_payouts WHERE period = 'daily' AND start_at = ?", board.start)).toBe(1);
    expect(await dailyPaid()).toBe(paidRows);
    // Wagers now count in the new period.
    await openCases(racer, (await cheapestCase(racer)).hash, 1);
    expect((await ok(racer, 'race.leaderboard', { period: 'daily' })).players).toBe(1);
    await expectLedgerOk(server);
  });

  test('ending the weekly race: the header\'s countdown (the manifest) counts to the new week\'s end', async () => {
    const watcher = await server.player('console_weekly');
    const socket = await watcher.socket();
    const ended = await sim<{ end: number; next: { start: number; end: number } }>(watcher, '/api/sim/world/race/end', { period: 'weekly' });
    expect(ended.next.start).toBe(ended.end);
    socket.send('manifest');
    const manifest = (await socket.next('#MANIFEST')).data as { stats: { events: { leaderboard: { ends_in_time: number } } } };
    // The race's clock stands at the new week's start: a whole week is left (give or take the test's seconds).
    expect(manifest.stats.events.leaderboard.ends_in_time).toBeGreaterThan(7 * 86_400 - 60);
    expect(manifest.stats.events.leaderboard.ends_in_time).toBeLessThanOrEqual(7 * 86_400);
    expect(await ok(watcher, 'race.leaderboard', { period: 'weekly' })).toMatchObject({ start: ended.next.start, end: ended.next.end, players: 0 });
  });
});
