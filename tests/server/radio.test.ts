import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MethodResult } from '../../src/contract/index.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, ok, testClock, type Client } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

const PRICE = 250;
const START = 100_000;

async function waveSocket(client: Client) {
  const socket = await client.socket();
  socket.send('join-room', { room: 'WAVE' });
  await socket.next('ROOM_JOINED');
  return socket;
}

/** Moves the server's clock to `at` and lets the station catch up. */
async function stepTo(at: number): Promise<void> {
  clock.at = at;
  await server.services.radio.tick();
}

/** Sounds neither playing, next nor queued. */
async function idleSounds(client: Client, count = 20) {
  const { list } = await ok(client, 'radio.list', { count });
  return list.filter((s) => s.order === null);
}

/** Entries of one type in the ledger, from the database itself. */
async function ledgerCount(type: string): Promise<number> {
  return (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger WHERE type = ?', type))!.n;
}

describe('the station', () => {
  test('every listener gets the same song and slot; the next song is announced 2 s before the change', async () => {
    const a = await server.player('wavelisten_a');
    const b = await server.player('wavelisten_b');
    const [stateA, stateB] = [await ok(a, 'radio.current'), await ok(b, 'radio.current')];
    expect(stateA.current).not.toBeNull();
    expect(stateB.current).toEqual(stateA.current);
    expect(stateA.time).toBe(clock.at);
    const current = stateA.current!;
    expect(stateA.sounds[0]!.id).toBe(current.id);
    expect(current.end_time - current.start_time).toBe(stateA.sounds[0]!.duration);
    expect(stateA.sounds[0]!.source).toMatch(/^synth:v1:\d+$/);

    const socket = await waveSocket(a);
    await stepTo(current.end_time - 2_001);
    expect((await ok(a, 'radio.current')).next).toBeNull();
    await stepTo(current.end_time - 2_000);
    const hint = await socket.next('#RADIO_NEXT_SOUND');
    const next = (hint.data as { next: { id: string; start_time: number } }).next;
    expect(next.start_time).toBe(current.end_time);
    expect(next.id).not.toBe(current.id);
    expect((await ok(b, 'radio.current')).next).toMatchObject(next);

    await stepTo(current.end_time + 1_500);
    const after = await ok(b, 'radio.current');
    expect(after.current).toMatchObject(next);
    expect(after.time - after.current!.start_time).toBe(1_500);
    socket.close();
  });

  test('the listener count is pushed to WAVE when it changes', async () => {
    const listener = await waveSocket(await server.player('wave_online'));
    // The count is compared every 5 s: the next push carries this socket.
    const pushed = await listener.next('#RADIO_ONLINE', 12_000);
    expect((pushed.data as { online: number }).online).toBeGreaterThanOrEqual(1);
    expect((await ok(server.client(), 'radio.current')).online).toBe((pushed.data as { online: number }).online);
    listener.close();
  }, 20_000);

  test('the cover of a sound is served as SVG', async () => {
    const visitor = server.client();
    const [sound] = await idleSounds(visitor);
    const { status, response } = await visitor.request(sound!.image);
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect((await visitor.request('/api/radio/cover/SF999.svg')).status).toBe(404);
  });
});

describe('requests', () => {
  test('a paid request plays next, its requester named, and its coins leave once', async () => {
    const player = await server.player('wave_requester');
    const socket = await waveSocket(player);
    const { current } = await ok(player, 'radio.current');
    const [wanted] = await idleSounds(player);
    expect(await ok(player, 'radio.metadata', { id: wanted!.id })).toEqual({ sound_price: PRICE });

    const before = await ledgerCount('radio_request');
    const answer = await ok(player, 'radio.request', { id: wanted!.id, stamp: 'wave-req-1' });
    expect(answer).toMatchObject({ success: true, balance: START - PRICE, sound: { id: wanted!.id, order: 1 } });
    // The same stamp again answers the first result and moves nothing.
    expect(await ok(player, 'radio.request', { id: wanted!.id, stamp: 'wave-req-1' })).toEqual(answer);
    const requested = await socket.next('#RADIO_SOUND_REQUESTED');
    expect(requested.data).toMatchObject({ sound: { id: wanted!.id }, user: { name: 'wave_requester' } });
    const queued = await socket.next('#RADIO_QUEUE_CHANGE');
    expect((queued.data as { queue: { id: string }[] }).queue.map((s) => s.id)).toEqual([wanted!.id]);

    await stepTo(current!.end_time - 2_000);
    const hint = await socket.next('#RADIO_NEXT_SOUND');
    expect(hint.data).toMatchObject({ next: { id: wanted!.id, user_hash: answer.sound.user_hash, start_time: current!.end_time }, sound: { id: wanted!.id } });
    expect((await socket.next('#RADIO_QUEUE_CHANGE')).data).toMatchObject({ queue: [] });

    await stepTo(current!.end_time + 10);
    const now = await ok(player, 'radio.current');
    expect(now.current).toMatchObject({ id: wanted!.id, user_hash: answer.sound.user_hash });
    expect(now.users.map((u) => u.name)).toContain('wave_requester');
    expect(await balanceOf(player)).toBe(START - PRICE);
    expect(await ledgerCount('radio_request')).toBe(before + 1);
    expect(await server.services.ledger.balance(server.services.db, { house: 'radio' })).toBe(PRICE * (before + 1));
    await expectLedgerOk(server);
    socket.close();
  });

  test('twenty concurrent requests of one song are paid once', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, (_, i) => server.player(`waveracer${i}`)));
    const [wanted] = await idleSounds(players[0]!);
    const before = await ledgerCount('radio_request');
    const answers = await Promise.all(players.map((p) => p.call('radio.request', { id: wanted!.id })));
    const won = answers.filter((a) => a.response);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 19)).toHaveLength(19);
    const balances = await Promise.all(players.map(balanceOf));
    expect(balances.filter((b) => b === START - PRICE)).toHaveLength(1);
    expect(balances.filter((b) => b === START)).toHaveLength(19);
    expect(await ledgerCount('radio_request')).toBe(before + 1);
    const { queue } = await ok(players[0]!, 'radio.current');
    expect(queue.filter((s) => s.id === wanted!.id)).toHaveLength(1);
    await expectLedgerOk(server);
  });

  test('an unknown song, one already queued or playing, and a request without coins are refused and move nothing', async () => {
    const player = await server.player('wave_refused');
    const other = await server.player('wave_first');
    const state = await ok(player, 'radio.current');
    const before = await ledgerCount('radio_request');
    const queueBefore = state.queue.map((s) => s.id);

    expect((await player.call('radio.request', { id: 'SF999' })).error).toEqual({ error_code: 19, error_msg: 'Sound not found' });
    expect((await player.call('radio.request', { id: state.current!.id })).error).toEqual({ error_code: 19, error_msg: 'This song is already playing' });
    const [idle] = await idleSounds(player);
    await ok(other, 'radio.request', { id: idle!.id });
    expect((await player.call('radio.request', { id: idle!.id })).error).toEqual({ error_code: 19, error_msg: 'This song is already in the queue' });
    expect(await balanceOf(player)).toBe(START);

    // All coins parked in the vault: the request cannot be paid.
    await ok(player, 'wallet-vault.deposit', { amount: START });
    const [another] = await idleSounds(player);
    expect((await player.call('radio.request', { id: another!.id })).error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough funds' });
    expect((await ok(player, 'radio.current')).queue.map((s) => s.id)).toEqual([...queueBefore, idle!.id]);
    expect(await ledgerCount('radio_request')).toBe(before + 1);
    expect((await server.client().call('radio.request', { id: another!.id })).error?.error_code).toBe(15);
    expect((await player.call('radio.request', { id: 'not-a-hash' })).error?.error_code).toBe(16);
    await expectLedgerOk(server);
  });
});

describe('likes', () => {
  test('a like counts once per player; a dislike takes it back; the room hears each change', async () => {
    const fan = await server.player('wave_fan');
    const socket = await waveSocket(fan);
    const [song] = await idleSounds(fan);
    const liked = await ok(fan, 'radio.like', { id: song!.id });
    expect(liked).toEqual({ id: song!.id, likes: song!.likes + 1, isLiked: true });
    expect((await socket.next('#RADIO_SOUND_LIKE_UPDATE')).data).toEqual({ id: song!.id, likes: song!.likes + 1 });
    expect((await fan.call('radio.like', { id: song!.id })).error).toEqual({ error_code: 19, error_msg: 'You already liked this song' });
    expect((await ok(fan, 'radio.sound', { id: song!.id })).likes).toBe(song!.likes + 1);
    expect((await ok(fan, 'radio.sound', { id: song!.id })).isLiked).toBe(true);
    expect((await ok(server.client(), 'radio.sound', { id: song!.id })).isLiked).toBe(false);

    expect(await ok(fan, 'radio.dislike', { id: song!.id })).toEqual({ id: song!.id, likes: song!.likes, isLiked: false });
    expect((await socket.next('#RADIO_SOUND_LIKE_UPDATE')).data).toEqual({ id: song!.id, likes: song!.likes });
    expect((await fan.call('radio.dislike', { id: song!.id })).error).toEqual({ error_code: 19, error_msg: 'You already disliked this song' });
    expect((await ok(fan, 'radio.sound', { id: song!.id })).likes).toBe(song!.likes);

    const crowd = await Promise.all(Array.from({ length: 10 }, (_, i) => server.player(`wavecrowd${i}`)));
    await Promise.all(crowd.flatMap((p) => [p.call('radio.like', { id: song!.id }), p.call('radio.like', { id: song!.id })]));
    expect((await ok(fan, 'radio.sound', { id: song!.id })).likes).toBe(song!.likes + 10);
    expect((await server.client().call('radio.like', { id: song!.id })).error?.error_code).toBe(15);
    expect((await fan.call('radio.like', { id: 'SF999' })).error?.error_code).toBe(19);
    socket.close();
  });
});

describe('the library', () => {
  test('pages continue from the count shown and the search runs on the server', async () => {
    const visitor = server.client();
    const seen: MethodResult<'radio.list'>['list'] = [];
    let offset: string | null = '0';
    while (offset !== null) {
      const page: MethodResult<'radio.list'> = await ok(visitor, 'radio.list', { offset, count: 5 });
      expect(page.list.length).toBeLessThanOrEqual(5);
      seen.push(...page.list);
      offset = page.offset;
    }
    const { total } = await ok(visitor, 'radio.list', {});
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((s) => s.id)).size).toBe(total);
    const names = seen.map((s) => s.name);
    expect(names).toEqual(names.toSorted((x, y) => x.localeCompare(y)));

    const found = await ok(visitor, 'radio.list', { name: 'tieb' });
    expect(found.list.map((s) => s.name)).toEqual(['Tiebreak']);
    expect(found.offset).toBeNull();
    expect((await ok(visitor, 'radio.list', { name: '100%' })).list).toEqual([]);
    expect((await visitor.call('radio.list', { offset: 'x' })).error?.error_code).toBe(16);
  });
});
