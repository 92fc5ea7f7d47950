import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operatorHeaders, startServer, type TestServer } from './harness.ts';
import { ok, simPost } from './wallet-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('streams', () => {
  test('the sim console puts a player on air and takes them off; the lobby and LOBBY follow', async () => {
    const streamer = await server.player('streamer_one');
    const viewer = server.client();
    const socket = await (await server.player('stream_viewer')).socket();
    socket.send('join-room', { room: 'LOBBY' });
    await socket.next('ROOM_JOINED');
    expect(await ok(viewer, 'stream.lobby')).toEqual({ streams: [], users: [] });

    const started = await simPost(streamer, '/api/sim/streams', { name: 'streamer_one', channel: 'OneCrate', title: 'Gold hunt', followers: 2400 });
    const stream = (started.response as { hash: string }).hash;
    const online = await socket.next('STREAM_ONLINE');
    expect(online.data).toMatchObject({ stream: { hash: stream, title: 'Gold hunt', profile: { name: 'OneCrate', followers: 2400 }, _user: { name: 'streamer_one' } } });

    const lobby = await ok(viewer, 'stream.lobby');
    expect(lobby.streams.map((s) => s.hash)).toEqual([stream]);
    expect(lobby.users.map((u) => u.name)).toEqual(['streamer_one']);
    expect(await ok(viewer, 'stream.test')).toEqual(lobby);
    expect((await viewer.request(lobby.streams[0]!.profile.link)).status).toBe(200);

    // Once live at a time; unknown players and streams are refused.
    expect((await simPost(streamer, '/api/sim/streams', { name: 'streamer_one', channel: 'Again' })).error?.error_code).toBe(19);
    expect((await simPost(streamer, '/api/sim/streams', { name: 'nobody_here', channel: 'X' })).error?.error_code).toBe(30);
    expect((await simPost(streamer, '/api/sim/streams', { name: 'streamer_one', channel: '' })).error?.error_code).toBe(16);

    expect((await simPost(streamer, `/api/sim/streams/${stream}/stop`)).response).toEqual({ success: true });
    expect((await socket.next('STREAM_OFFLINE')).data).toEqual({ hash: stream, user_hash: lobby.streams[0]!.user_hash });
    expect((await ok(viewer, 'stream.lobby')).streams).toEqual([]);
    expect((await simPost(streamer, `/api/sim/streams/${stream}/stop`)).error?.error_code).toBe(19);
    expect((await simPost(streamer, '/api/sim/streams/SF999/stop')).error?.error_code).toBe(30);
    socket.close();
  });

  test('the console page lists who is live', async () => {
    const streamer = await server.player('streamer_two');
    await simPost(streamer, '/api/sim/streams', { name: 'streamer_two', channel: 'TwoCrates' });
    const operator = server.client();
    const page = await operator.request('/api/sim/streams', { headers: operatorHeaders(operator) });
    expect(page.status).toBe(200);
    expect(String(page.body.text)).toContain('TwoCrates');
    expect(String(page.body.text)).toContain('Stop stream');
  });
});
