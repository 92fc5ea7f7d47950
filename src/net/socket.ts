/**
 * The socket client (document 1 section 4 'Socket', docs/design.md section 4). One
 * connection per tab: it authenticates with a one-use connect token when the player is
 * signed in, pings every 20 s, reconnects with randomised exponential back-off, and keeps
 * rooms: leaving one is delayed 5 s (a page that unmounts and mounts again does not drop
 * its events), and every room's last offset is remembered so that a reconnect replays what
 * was missed. Every frame is checked against the contract before anyone sees it.
 *
 * Its parts: frames (socket-frames.ts), rooms and their offsets (socket-rooms.ts), the
 * session's auth (socket-auth.ts), the retry policy (backoff.ts); this module keeps the
 * connection.
 */
import type { ClientFrame, ServerFrame, ServerMessageData, ServerMessageType } from '../contract/index.ts';
import { SOCKET_BACKOFF, createRetry, type BackoffOptions } from './backoff.ts';
import { createEmitter } from './emitter.ts';
import { createSocketAuth } from './socket-auth.ts';
import { SocketFrameError, parseFrame } from './socket-frames.ts';
import { createRooms } from './socket-rooms.ts';

export { SocketFrameError };

/** What the header shows: live, trying to get there, or down. */
export type SocketStatus = 'connecting' | 'live' | 'offline';

/** The part of a WebSocket the client uses, so tests can hand in a fake. */
export type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'addEventListener'>;

/** Configuration of the socket client; the defaults are the spec's numbers. */
export interface SocketOptions {
  /** Socket path or URL; a path is resolved against the page's origin. */
  url?: string;
  /** Fetches a one-use connect token (connect.getSocketServer). */
  getConnectToken(): Promise<{ token: string }>;
  createWebSocket?(url: string): WebSocketLike;
  random?(): number;
  pingIntervalMs?: number;
  leaveDelayMs?: number;
  backoff?: BackoffOptions;
  isPageVisible?(): boolean;
  onFrameError?(error: SocketFrameError): void;
}

const OPEN = 1;

type FrameEvents = { [K in ServerMessageType]: ServerFrame<K> };
type LocalEvents = {
  status: SocketStatus;
  /** A connection opened (first or after a reconnect). */
  open: undefined;
  /** A room was left after its delay. */
  unsubscribed: string;
};

function defaultWebSocket(url: string): WebSocketLike {
  const absolute = new URL(url, globalThis.location?.href);
  absolute.protocol = absolute.protocol === 'https:' ? 'wss:' : absolute.protocol === 'http:' ? 'ws:' : absolute.protocol;
  return new WebSocket(absolute);
}

/** Builds a socket client; nothing connects until start(). */
export function createSocket(options: SocketOptions) {
  const { url = '/ws', pingIntervalMs = 20_000, leaveDelayMs = 5_000, backoff = SOCKET_BACKOFF, random = Math.random } = options;
  const create = options.createWebSocket ?? defaultWebSocket;
  const isPageVisible = options.isPageVisible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  const frames = createEmitter<FrameEvents>();
  const local = createEmitter<LocalEvents>();

  let ws: WebSocketLike | null = null;
  let listeners: AbortController | null = null;
  let running = false;
  let open = false;
  // 'connecting' until start(): the app starts it right after the first render, and an
  // 'offline' here would flash the connection banner on every page load.
  let status: SocketStatus = 'connecting';
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  const reconnects = createRetry(backoff, random);
  const rooms = createRooms({ send, leaveDelayMs, onLeft: (room) => local.emit('unsubscribed', room) });
  const auth = createSocketAuth({ getConnectToken: options.getConnectToken, send, isOpen: () => open, retry: createRetry(backoff, random), changed: refreshStatus });

  function refreshStatus(): void {
    const next: SocketStatus = open ? auth.status() : running && reconnects.failures() === 0 ? 'connecting' : 'offline';
    if (next === status) return;
    status = next;
    local.emit('status', next);
  }

  function send(frame: ClientFrame): boolean {
    if (!ws || !open || ws.readyState !== OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  function connect(): void {
    reconnects.cancel();
    if (!running || ws) return;
    let socket: WebSocketLike;
    try {
      socket = create(url);
    } catch {
      return scheduleReconnect();
    }
    ws = socket;
    // One abort detaches every listener of this socket, so a late event of an old one is ignored.
    const detach = new AbortController();
    listeners = detach;
    const on = { signal: detach.signal };
    socket.addEventListener(
      'open',
      () => {
        open = true;
        reconnects.reset();
        pingTimer = setInterval(() => send({ type: 'ping', data: { visible: isPageVisible() } }), pingIntervalMs);
        rooms.rejoin();
        auth.opened();
        refreshStatus();
        local.emit('open', undefined);
      },
      on,
    );
    socket.addEventListener('message', (event) => receive(event.data), on);
    // A failed connection fires error and then close; close does the work.
    socket.addEventListener(
      'close',
      () => {
        dropConnection();
        scheduleReconnect();
      },
      on,
    );
    refreshStatus();
  }

  function dropConnection(): void {
    listeners?.abort();
    listeners = null;
    ws = null;
    open = false;
    auth.dropped();
    clearInterval(pingTimer);
    pingTimer = undefined;
  }

  function scheduleReconnect(): void {
    if (!running) return refreshStatus();
    reconnects.fail();
    refreshStatus();
    // Out of retries: wait for reconnectNow() (the browser came online, the tab came back).
    reconnects.later(connect);
  }

  /** Where a room's last offset is kept: the personal room's in the session, the others in the room book. */
  const offsetHolder = (room: string): { offset?: number } | undefined => auth.ownRoom(room) ?? rooms.state(room);

  function noteOffset(room: string, offset: number, replace = false): void {
    const state = offsetHolder(room);
    if (state) state.offset = replace ? offset : Math.max(state.offset ?? 0, offset);
  }

  function receive(raw: unknown): void {
    const frame = parseFrame(raw);
    if (frame instanceof SocketFrameError) return options.onFrameError?.(frame);
    if (!frame) return;
    if (frame.room !== undefined && frame.offset !== undefined) noteOffset(frame.room, frame.offset);
    handleOwn(frame);
    frames.emit(frame.type, frame as never);
  }

  function handleOwn(frame: ServerFrame): void {
    switch (frame.type) {
      case 'ROOM_JOINED': {
        const data = frame.data as ServerMessageData<'ROOM_JOINED'>;
        return noteOffset(data.room, data.offset);
      }
      case 'ROOM_RESYNC': {
        const data = frame.data as ServerMessageData<'ROOM_RESYNC'>;
        return noteOffset(data.room, data.offset, true);
      }
      default:
        return auth.handle(frame);
    }
  }

  return {
    /** Connects and keeps connecting until stop(). */
    start(): void {
      if (running) return;
      running = true;
      connect();
    },
    stop(): void {
      running = false;
      reconnects.cancel();
      const socket = ws;
      dropConnection();
      socket?.close();
      refreshStatus();
    },
    /** Tries at once, forgetting spent retries: the browser came online or the tab came back. */
    reconnectNow(): void {
      if (!running) return;
      reconnects.reset();
      if (!ws) connect();
      else auth.resume();
      refreshStatus();
    },
    /** Follows the session: signing in authenticates, signing out sends leave and drops the token. */
    setSignedIn: auth.setSignedIn,
    /** Joins a room (or keeps it, if its leave is still pending); answers the unsubscribe. */
    subscribe: rooms.subscribe,
    /** Listens to one server message; answers the function that stops listening. */
    on<T extends ServerMessageType>(type: T, listener: (data: ServerMessageData<T>, frame: ServerFrame<T>) => void): () => void {
      return frames.on(type, (frame) => listener(frame.data as ServerMessageData<T>, frame as ServerFrame<T>));
    },
    /** Connection events: status changes, each open, rooms left after their delay. */
    onLocal: local.on,
    send,
    status: (): SocketStatus => status,
    /** The last offset seen in a room (for tests and diagnostics). */
    offsetOf: (room: string): number | undefined => offsetHolder(room)?.offset,
  };
}

/** A socket client. */
export type Socket = ReturnType<typeof createSocket>;
