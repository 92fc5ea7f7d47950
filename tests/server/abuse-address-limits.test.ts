/**
 * Issue "money integrity" 7 (docs/decisions/0048): limits per address. An address holds at most
 * socketsPerIp open sockets, signed in or out, and at most chatAccountsPerIp accounts post to
 * the chat from it in a minute. Both set low here; each client's address comes from
 * X-Forwarded-For (trustProxy), loopback when it sends none.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { SEND_DELAY_MS } from '../../sim-server/domains/chat/runtime.ts';
import { messageCount, ok } from './chat-helpers.ts';
import { openSocket, startServer, type TestServer } from './harness.ts';
import { testClock } from './wallet-helpers.ts';

type Socket = Awaited<ReturnType<typeof openSocket>>;

/** Whether the server kept a socket: its ping answered (true) or the socket closed first (false). */
function kept(socket: Socket): Promise<boolean> {
  return new Promise((resolve) => {
    void socket.closed.then(() => resolve(false));
    socket.send('ping');
    socket.next('PONG', 5_000).then(() => resolve(true), () => resolve(false));
  });
}

describe('open sockets per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ socketsPerIp: 3, trustProxy: true });
  });
  afterAll(() => server.close());

  test('past the limit the address\'s next socket is told TOO_MANY_SOCKETS and closed; other addresses connect, and a closed socket frees its place', async () => {
    const player = await server.player('socket_holder');
    // Signed out and signed in count alike.
    const held = [await openSocket(server.url), await openSocket(server.url), await player.socket()];
    const over = await openSocket(server.url);
    expect((await over.next('SOCKET_ERROR')).data).toEqual({ code: 'TOO_MANY_SOCKETS', message: 'at most 3 open sockets per address' });
    expect(await over.closed).toBe(1008);
    for (const socket of held) expect(await kept(socket)).toBe(true);

    const elsewhere = await openSocket(server.url, '203.0.113.50');
    expect(await kept(elsewhere)).toBe(true);

    held[0]!.close();
    await held[0]!.closed;
    // The server may hear the close a moment after the client: a new socket gets the place then.
    let again = false;
    for (let attempt = 0; attempt < 40 && !again; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      again = await kept(await openSocket(server.url));
    }
    expect(again).toBe(true);
    expect(await kept(await openSocket(server.url))).toBe(false);
  });
});

describe('chat posters per address', () => {
  const clock = testClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ now: clock.now, chatAccountsPerIp: { max: 3, windowMs: 60_000 }, trustProxy: true });
  });
  afterAll(() => server.close());

  test('a fourth account posting from one address within a minute is refused and posts nothing; the three, other addresses and the next minute may post', async () => {
    const posters = await Promise.all([0, 1, 2].map((i) => server.player(`poster${i}`)));
    for (const [i, poster] of posters.entries()) await ok(poster, 'chat.send', { text: `hello ${i}` });
    const fourth = await server.player('poster3');
    const before = await messageCount(server);
    expect((await fourth.call('chat.send', { text: 'me too' })).error).toEqual({
      error_code: NumericError.INVALID_DATA,
      error_msg: 'Too many accounts post from your address: try again in 60 s',
    });
    expect(await messageCount(server)).toBe(before);

    clock.advance(SEND_DELAY_MS);
    await ok(posters[0]!, 'chat.send', { text: 'still here' });
    const far = await server.player('poster_far', undefined, { ip: '203.0.113.60' });
    await ok(far, 'chat.send', { text: 'from elsewhere' });

    // The others' last posts leave the minute 57 s later: the fourth takes a place then.
    clock.advance(60_000 - SEND_DELAY_MS - 1_000);
    expect((await fourth.call('chat.send', { text: 'me too' })).error?.error_msg).toBe('Too many accounts post from your address: try again in 1 s');
    clock.advance(1_000);
    await ok(fourth, 'chat.send', { text: 'me too' });
    expect(await messageCount(server)).toBe(before + 3);
  });
});
