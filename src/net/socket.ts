/**
 * The socket client (document 1 section 4 'Socket', DESIGN.md sections 3 and 10). One
 * connection per tab: it authenticates with a one-use connect token when the player is
 * signed in, pings every 20 s, reconnects with randomised exponential back-off, and keeps
 * rooms: leaving one is delayed 5 s (a page that unmounts and mounts again does not drop
 * its events), and every room's last offset is remembered so that a reconnect replays what
 * was missed. Every frame is checked against the contract before anyone sees it.
 */
import {
  PendingServerMessages,
  ServerMessages,
  describeIssues,
  z,
  type ClientFrame,
  type ServerFrame,
  type ServerMessageData,
  type ServerMessageType,
} from '../contract/index.ts';
import { SOCKET_BACKOFF, backoffDelay, type BackoffOptions } from './backoff.ts';
import { createEmitter } from './emitter.ts';

/** What the header shows: live, trying to get there, or down. */
export type SocketStatus = 'connecting' | 'live' | 'offline';

/** The part of a WebSocket the client uses, so tests can hand in a fake. */
export type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'addEventListener'>;

/** A frame the contract does not allow (bad JSON, unknown type, a payload of the wrong shape). */
export class SocketFrameError extends Error {
  override name = 'SocketFrameError';
  readonly type: string;
  readonly detail: string;
  constructor(type: string, detail: string) {
    super(`socket frame ${type}: ${detail}`);
    this.type = type;
    this.detail = detail;
  }
}

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
const Frame = z.object({ type: z.string(), data: z.optional(z.unknown()), room: z.optional(z.string()), offset: z.optional(z.number()) });
const pending: readonly string[] = PendingServerMessages;

type FrameEvents = { [K in ServerMessageType]: ServerFrame<K> };
type LocalEvents = {
  status: SocketStatus;
  /** A connection opened (first or after a reconnect). */
  open: undefined;
  /** A room was left after its delay. */
  unsubscribed: string;
};

interface RoomState {
  refs: number;
  offset?: number;
  leaveTimer?: ReturnType<typeof setTimeout>;
}

function defaultWebSocket(url: string): WebSocketLike {
  const absolute = new URL(url, globalThis.location?.href);
  absolute.protocol = absolute.protocol === 'https:' ? 'wss:' : absolute.protocol === 'http:' ? 'ws:' : absolute.protocol;
  return new WebSocket(absolute);
}

const isKnown = (type: string): type is ServerMessageType => Object.hasOwn(ServerMessages, type);

/** Builds a socket client; nothing connects until start(). */
export function createSocket(options: SocketOptions) {
  const { url = '/ws', pingIntervalMs = 20_000, leaveDelayMs = 5_000, backoff = SOCKET_BACKOFF, random = Math.random } = options;
  const create = options.createWebSocket ?? defaultWebSocket;
  const isPageVisible = options.isPageVisible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  const frames = createEmitter<FrameEvents>();
  const local = createEmitter<LocalEvents>();
  const rooms = new Map<string, RoomState>();

  let ws: WebSocketLike | null = null;
  let listeners: AbortController | null = null;
  let running = false;
  let open = false;
  let signedIn = false;
  let authed = false;
  let authing = false;
  /** Bumped on every sign-in and sign-out, so a token fetched for an old session is not used. */
  let sessionEpoch = 0;
  let token: string | null = null;
  let personal: { room: string; offset?: number } | null = null;
  let failures = 0;
  let authFailures = 0;
  // 'connecting' until start(): the app starts it right after the first render, and an
  // 'offline' here would flash the connection banner on every page load.
  let status: SocketStatus = 'connecting';
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let authTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function refreshStatus(): void {
    let next: SocketStatus;
    if (!open) next = running && failures === 0 ? 'connecting' : 'offline';
    else if (!signedIn || authed) next = 'live';
    // Spec: the connection banner also shows while the token is unavailable.
    else next = authFailures > 0 ? 'offline' : 'connecting';
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
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
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
        failures = 0;
        pingTimer = setInterval(() => send({ type: 'ping', data: { visible: isPageVisible() } }), pingIntervalMs);
        rejoinRooms();
        if (signedIn) void authenticate();
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
    authed = false;
    authing = false;
    clearInterval(pingTimer);
    clearTimeout(authTimer);
    pingTimer = authTimer = undefined;
  }

  function scheduleReconnect(): void {
    if (!running) return refreshStatus();
    failures += 1;
    refreshStatus();
    // Out of retries: wait for reconnectNow() (the browser came online, the tab came back).
    if (failures > backoff.retries) return;
    reconnectTimer = setTimeout(connect, backoffDelay(failures - 1, backoff, random));
  }

  function rejoinRooms(): void {
    for (const [room, state] of rooms) {
      if (state.leaveTimer !== undefined) {
        clearTimeout(state.leaveTimer);
        rooms.delete(room);
        local.emit('unsubscribed', room);
      } else {
        send({ type: 'join-room', data: { room, offset: state.offset } });
      }
    }
  }

  async function authenticate(): Promise<void> {
    clearTimeout(authTimer);
    authTimer = undefined;
    if (!signedIn || !open || authed || authing) return;
    const epoch = sessionEpoch;
    if (!token) {
      authing = true;
      try {
        token = (await options.getConnectToken()).token;
      } catch {
        if (epoch === sessionEpoch) {
          authing = false;
          authFailed();
        }
        return;
      }
      if (epoch !== sessionEpoch) return;
      authing = false;
    }
    if (!open) return;
    send({ type: 'auth', data: { token, offset: personal?.offset } });
  }

  function authFailed(): void {
    token = null;
    authFailures += 1;
    refreshStatus();
    if (authFailures > backoff.retries) return;
    authTimer = setTimeout(() => void authenticate(), backoffDelay(authFailures - 1, backoff, random));
  }

  function noteOffset(room: string, offset: number, replace = false): void {
    const state = personal?.room === room ? personal : rooms.get(room);
    if (state) state.offset = replace ? offset : Math.max(state.offset ?? 0, offset);
  }

  function receive(raw: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(String(raw));
    } catch {
      return options.onFrameError?.(new SocketFrameError('?', 'not JSON'));
    }
    const frame = z.safeParse(Frame, json);
    if (!frame.success) return options.onFrameError?.(new SocketFrameError('?', describeIssues(frame.error.issues)));
    const { type, room, offset } = frame.data;
    if (!isKnown(type)) {
      // Messages a later slice will define are expected; anything else is a wire bug.
      if (!pending.includes(type)) options.onFrameError?.(new SocketFrameError(type, 'unknown type'));
      return;
    }
    const data = z.safeParse(ServerMessages[type], frame.data.data ?? {});
    if (!data.success) return options.onFrameError?.(new SocketFrameError(type, describeIssues(data.error.issues)));
    const parsed = { type, data: data.data, room, offset } as ServerFrame;
    if (room !== undefined && offset !== undefined) noteOffset(room, offset);
    handleOwn(parsed);
    frames.emit(type, parsed as never);
  }

  function handleOwn(frame: ServerFrame): void {
    switch (frame.type) {
      case 'AUTHED': {
        const { room } = frame.data as ServerMessageData<'AUTHED'>;
        // Signed out while the auth frame was on its way: undo it.
        if (!signedIn) return void send({ type: 'leave' });
        authed = true;
        token = null; // one-use: a reconnect fetches a fresh one
        authFailures = 0;
        personal = { room, ...(personal?.room === room && personal.offset !== undefined ? { offset: personal.offset } : {}) };
        return refreshStatus();
      }
      case 'CONNECT_TOKEN_ERROR':
        authed = false;
        return authFailed();
      case 'LEAVED':
        authed = false;
        token = null;
        personal = null;
        // The server dropped the session (logout elsewhere): trying again lets the RPC layer find out.
        if (signedIn) authFailed();
        return refreshStatus();
      case 'ROOM_JOINED': {
        const data = frame.data as ServerMessageData<'ROOM_JOINED'>;
        return noteOffset(data.room, data.offset);
      }
      case 'ROOM_RESYNC': {
        const data = frame.data as ServerMessageData<'ROOM_RESYNC'>;
        return noteOffset(data.room, data.offset, true);
      }
    }
  }

  function release(room: string): void {
    const state = rooms.get(room);
    if (!state || state.refs === 0) return;
    state.refs -= 1;
    if (state.refs > 0) return;
    state.leaveTimer = setTimeout(() => {
      rooms.delete(room);
      send({ type: 'leave-room', data: { room } });
      local.emit('unsubscribed', room);
    }, leaveDelayMs);
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
      clearTimeout(reconnectTimer);
      const socket = ws;
      dropConnection();
      socket?.close();
      refreshStatus();
    },
    /** Tries at once, forgetting spent retries: the browser came online or the tab came back. */
    reconnectNow(): void {
      if (!running) return;
      failures = 0;
      if (!ws) connect();
      else if (signedIn && !authed && authFailures > backoff.retries) {
        authFailures = 0;
        void authenticate();
      }
      refreshStatus();
    },
    /** Follows the session: signing in authenticates, signing out sends leave and drops the token. */
    setSignedIn(value: boolean): void {
      if (value === signedIn) return;
      signedIn = value;
      sessionEpoch += 1;
      clearTimeout(authTimer);
      authTimer = undefined;
      authing = false;
      authFailures = 0;
      token = null;
      if (value) void authenticate();
      else {
        if (authed) send({ type: 'leave' });
        authed = false;
        personal = null;
      }
      refreshStatus();
    },
    /** Joins a room (or keeps it, if its leave is still pending); answers the unsubscribe. */
    subscribe(room: string): () => void {
      let state = rooms.get(room);
      if (!state) rooms.set(room, (state = { refs: 0 }));
      state.refs += 1;
      if (state.leaveTimer !== undefined) {
        clearTimeout(state.leaveTimer);
        delete state.leaveTimer;
      } else if (state.refs === 1) {
        send({ type: 'join-room', data: { room, offset: state.offset } });
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        release(room);
      };
    },
    /** Listens to one server message; answers the function that stops listening. */
    on<T extends ServerMessageType>(type: T, listener: (data: ServerMessageData<T>, frame: ServerFrame<T>) => void): () => void {
      return frames.on(type, (frame) => listener(frame.data as ServerMessageData<T>, frame as ServerFrame<T>));
    },
    /** Connection events: status changes, each open, rooms left after their delay. */
    onLocal: local.on,
    send,
    status: (): SocketStatus => status,
    /** The last offset seen in a room (for tests and diagnostics). */
    offsetOf: (room: string): number | undefined => (personal?.room === room ? personal.offset : rooms.get(room)?.offset),
  };
}

/** A socket client. */
export type Socket = ReturnType<typeof createSocket>;
