import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ClientFrame } from '../../src/contract/index.ts';
import { backoffDelay, SOCKET_BACKOFF } from '../../src/net/backoff.ts';
import { createSocket, type SocketFrameError, type WebSocketLike } from '../../src/net/socket.ts';

/** A WebSocket the test drives by hand: it records what the client sends. */
class FakeWebSocket extends EventTarget {
  readyState = 0;
  sent: ClientFrame[] = [];
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientFrame);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  receive(frame: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  types() {
    return this.sent.map((f) => f.type);
  }
}

function setup(options: { tokens?: string[] } = {}) {
  const sockets: FakeWebSocket[] = [];
  const tokens = [...(options.tokens ?? ['token-1', 'token-2', 'token-3'])];
  const getConnectToken = vi.fn<() => Promise<{ token: string }>>(async () => ({ token: tokens.shift() ?? 'token-x' }));
  const frameErrors: SocketFrameError[] = [];
  const socket = createSocket({
    getConnectToken,
    createWebSocket: () => {
      const ws = new FakeWebSocket();
      sockets.push(ws);
      return ws as unknown as WebSocketLike;
    },
    random: () => 0,
    isPageVisible: () => true,
    onFrameError: (error) => frameErrors.push(error),
  });
  const current = () => sockets[sockets.length - 1]!;
  return { socket, sockets, current, getConnectToken, frameErrors };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('socket rooms', () => {
  test('leaving a room waits 5 s, then sends leave-room and reports it', () => {
    const { socket, current } = setup();
    socket.start();
    current().open();
    const left: string[] = [];
    socket.onLocal('unsubscribed', (room) => left.push(room));

    const unsubscribe = socket.subscribe('LOBBY');
    expect(current().sent).toContainEqual({ type: 'join-room', data: { room: 'LOBBY' } });
    unsubscribe();
    vi.advanceTimersByTime(4_999);
    expect(current().types()).not.toContain('leave-room');
    vi.advanceTimersByTime(1);
    expect(current().sent).toContainEqual({ type: 'leave-room', data: { room: 'LOBBY' } });
    expect(left).toEqual(['LOBBY']);
  });

  test('subscribing again within the delay cancels the leave and does not join twice', () => {
    const { socket, current } = setup();
    socket.start();
    current().open();
    const first = socket.subscribe('ARENA_GAME[SF42]');
    first();
    vi.advanceTimersByTime(3_000);
    const second = socket.subscribe('ARENA_GAME[SF42]');
    vi.advanceTimersByTime(10_000);
    expect(current().types().filter((t) => t === 'join-room')).toHaveLength(1);
    expect(current().types()).not.toContain('leave-room');
    second();
    vi.advanceTimersByTime(5_000);
    expect(current().types()).toContain('leave-room');
  });

  test('a room stays joined while any subscriber remains', () => {
    const { socket, current } = setup();
    socket.start();
    current().open();
    const a = socket.subscribe('LOBBY');
    const b = socket.subscribe('LOBBY');
    a();
    a();
    vi.advanceTimersByTime(6_000);
    expect(current().types()).not.toContain('leave-room');
    b();
    vi.advanceTimersByTime(5_000);
    expect(current().types()).toContain('leave-room');
  });

  test('after a reconnect each room is joined again from the last offset it saw', () => {
    const { socket, sockets, current } = setup();
    socket.start();
    current().open();
    socket.subscribe('LOBBY');
    current().receive({ type: 'ROOM_JOINED', data: { room: 'LOBBY', offset: 7 } });
    current().receive({ type: 'ROOM_JOINED', data: { room: 'LOBBY', offset: 9 } });
    current().drop();
    expect(socket.status()).toBe('offline');
    vi.advanceTimersByTime(backoffDelay(0, SOCKET_BACKOFF, () => 0));
    expect(sockets).toHaveLength(2);
    current().open();
    expect(current().sent).toContainEqual({ type: 'join-room', data: { room: 'LOBBY', offset: 9 } });
    expect(socket.status()).toBe('live');
  });

  test('a ROOM_RESYNC on a live socket (events the room lost, docs/decisions/0044) reaches the listeners and moves the room on to its offset', () => {
    const { socket, sockets, current } = setup();
    socket.start();
    current().open();
    socket.subscribe('LOBBY');
    const told: unknown[] = [];
    socket.on('ROOM_RESYNC', (data) => told.push(data));
    current().receive({ type: 'ROOM_JOINED', data: { room: 'LOBBY', offset: 7 } });
    current().receive({ type: 'ROOM_RESYNC', data: { room: 'LOBBY', offset: 12 } });
    expect(told).toEqual([{ room: 'LOBBY', offset: 12 }]);
    expect(socket.offsetOf('LOBBY')).toBe(12);
    // A reconnect then replays from after the gap, not from before it (which could only resync again).
    current().drop();
    vi.advanceTimersByTime(backoffDelay(0, SOCKET_BACKOFF, () => 0));
    expect(sockets).toHaveLength(2);
    current().open();
    expect(current().sent).toContainEqual({ type: 'join-room', data: { room: 'LOBBY', offset: 12 } });
  });
});

describe('socket session', () => {
  test('signing in authenticates with a connect token; AUTHED makes it live', async () => {
    const { socket, current, getConnectToken } = setup();
    socket.start();
    current().open();
    socket.setSignedIn(true);
    expect(socket.status()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(current().sent).toContainEqual({ type: 'auth', data: { token: 'token-1' } });
    current().receive({ type: 'AUTHED', data: { user_hash: 'SF0000000001', room: 'USER[SF0000000001]' } });
    expect(socket.status()).toBe('live');
    expect(getConnectToken).toHaveBeenCalledTimes(1);
  });

  test('CONNECT_TOKEN_ERROR drops the token and authenticates again with a new one', async () => {
    const { socket, current, getConnectToken } = setup();
    socket.start();
    current().open();
    socket.setSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    current().receive({ type: 'CONNECT_TOKEN_ERROR', data: { message: 'connect token is unknown, used or expired' } });
    expect(socket.status()).toBe('offline');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(getConnectToken).toHaveBeenCalledTimes(2);
    expect(current().sent.filter((f) => f.type === 'auth')).toEqual([
      { type: 'auth', data: { token: 'token-1' } },
      { type: 'auth', data: { token: 'token-2' } },
    ]);
  });

  test('a reconnect authenticates with the personal room offset so missed balance events replay', async () => {
    const { socket, current } = setup();
    socket.start();
    current().open();
    socket.setSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    current().receive({ type: 'AUTHED', data: { user_hash: 'SF0000000001', room: 'USER[SF0000000001]' } });
    current().receive({
      type: 'WALLET_BALANCE_CHANGED',
      data: { currency: 'SFC', balance: 99_000, amount: -1_000, type: 'arena_join', hash: 'SF0000000005' },
      room: 'USER[SF0000000001]',
      offset: 4,
    });
    current().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    current().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(current().sent).toContainEqual({ type: 'auth', data: { token: 'token-2', offset: 4 } });
  });

  test('signing out sends leave and forgets the token', async () => {
    const { socket, current } = setup();
    socket.start();
    current().open();
    socket.setSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    current().receive({ type: 'AUTHED', data: { user_hash: 'SF0000000001', room: 'USER[SF0000000001]' } });
    socket.setSignedIn(false);
    expect(current().types().at(-1)).toBe('leave');
    expect(socket.status()).toBe('live');
  });

  test('pings every 20 s with the page-visible flag', () => {
    const { socket, current } = setup();
    socket.start();
    current().open();
    vi.advanceTimersByTime(40_000);
    expect(current().sent.filter((f) => f.type === 'ping')).toEqual([
      { type: 'ping', data: { visible: true } },
      { type: 'ping', data: { visible: true } },
    ]);
  });
});

describe('socket frames', () => {
  test('listeners get frames parsed by the contract; a malformed payload is a named error instead', () => {
    const { socket, current, frameErrors } = setup();
    socket.start();
    current().open();
    const balances: number[] = [];
    socket.on('WALLET_BALANCE_CHANGED', (data) => balances.push(data.balance));
    current().receive({ type: 'WALLET_BALANCE_CHANGED', data: { currency: 'SFC', balance: 123_456, amount: 23_456, type: 'deposit', hash: 'SF1' } });
    current().receive({ type: 'WALLET_BALANCE_CHANGED', data: { currency: 'SFC', balance: '1,000.00' } });
    const online: number[] = [];
    socket.on('LOBBY_ONLINE', (data) => online.push(data.simulated));
    current().receive({ type: 'LOBBY_ONLINE', data: { online: 14, simulated: 40 } });
    expect(balances).toEqual([123_456]);
    expect(online).toEqual([40]);
    expect(frameErrors.map((e) => [e.name, e.type])).toEqual([['SocketFrameError', 'WALLET_BALANCE_CHANGED']]);
  });
});

describe('socket back-off', () => {
  test('retry delays double from 1 s, are randomised up to twice the base, and stop at 24 s', () => {
    expect(backoffDelay(0, SOCKET_BACKOFF, () => 0)).toBe(1_000);
    expect(backoffDelay(0, SOCKET_BACKOFF, () => 0.999)).toBe(1_999);
    expect(backoffDelay(3, SOCKET_BACKOFF, () => 0)).toBe(8_000);
    expect(backoffDelay(10, SOCKET_BACKOFF, () => 0.5)).toBe(24_000);
  });

  test('after 25 failed retries it waits for reconnectNow', () => {
    const { socket, sockets, current } = setup();
    socket.start();
    for (let i = 0; i < 26; i += 1) {
      current().drop();
      vi.advanceTimersByTime(24_000);
    }
    expect(sockets).toHaveLength(26);
    vi.advanceTimersByTime(600_000);
    expect(sockets).toHaveLength(26);
    socket.reconnectNow();
    expect(sockets).toHaveLength(27);
  });
});
