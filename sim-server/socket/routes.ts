/**
 * The socket endpoint at /ws: parses each frame against the contract and answers it. An address
 * holds at most config.socketsPerIp open sockets (address-limit.ts).
 * `ws` takes the HTTP upgrade directly rather than through a Fastify route: a routed upgrade
 * keeps its request and reply objects alive as long as the socket (measured: 13.5 KB per idle
 * connection through @fastify/websocket against 8.7 KB direct).
 */
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ClientFrame, NamedError, Rooms, isRoomName, z } from '../../src/contract/index.ts';
import { toHash } from '../../src/core/hash-id.ts';
import { redeemConnectToken } from '../auth/sessions.ts';
import type { Services } from '../rpc/context.ts';
import { ipOf } from '../rpc/lean.ts';
import { buildManifest } from '../world/manifest.ts';
import { createAddressLimit, tooManySocketsFrame, TOO_MANY_SOCKETS } from './address-limit.ts';
import { textFrame } from './frame.ts';
import { MAX_ROOMS_PER_CONNECTION, type Connection } from './hub.ts';

const MAX_FRAME_BYTES = 16 * 1024;
const PATH = '/ws';

/**
 * The hub hands every member of a room the same Buffer, so the last one framed is kept and the
 * rest of a broadcast reuses it.
 */
let lastPayload: Buffer | null = null;
let lastFramed: Buffer | null = null;
function framed(payload: Buffer): Buffer {
  if (payload !== lastPayload) {
    lastFramed = textFrame(payload);
    lastPayload = payload;
  }
  return lastFramed!;
}

/**
 * A socket as the hub's Connection; its methods live on the prototype, shared by all. Frames
 * go straight to the TCP socket, already framed: with compression off ws writes exactly these
 * bytes itself (each frame in one write, so its own control frames cannot interleave), but a
 * broadcast to thousands then costs one buffer and one write per member instead of a header,
 * an options object and a corked pair of writes each.
 */
class SocketConnection implements Connection {
  userId: number | null = null;
  sessionId: number | null = null;
  readonly rooms = new Set<string>();
  lastSeen: number;
  /** The client's address while the socket holds one of its places; null once given back. */
  address: string | null;
  /** The handling of the frames received so far, while one still waits (the database); null when idle. */
  inbox: Promise<void> | null = null;
  private readonly ws: WebSocket;
  private readonly tcp: Duplex;

  constructor(ws: WebSocket, tcp: Duplex, lastSeen: number, address: string) {
    this.ws = ws;
    this.tcp = tcp;
    this.lastSeen = lastSeen;
    this.address = address;
  }

  send(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN && !this.tcp.destroyed) this.tcp.write(framed(frame));
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Registers /ws. */
export function registerSocket(app: FastifyInstance, services: Services): void {
  const { hub, db, config } = services;
  const connectionOf = new WeakMap<WebSocket, SocketConnection>();
  const perAddress = createAddressLimit(config.socketsPerIp);
  // Compression stays off: SocketConnection.send writes uncompressed frames itself.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: 64 * 1024 });

  app.server.on('upgrade', (request, socket, head) => {
    if (request.url?.split('?')[0] !== PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const address = ipOf(request, config.trustProxy);
    wss.handleUpgrade(request, socket, head, (ws) => (perAddress.take(address) ? accept(ws, socket, address) : refuse(ws)));
  });
  // Closing the server also closes every socket (tests and graceful shutdown). preClose, because
  // Fastify's own onClose closes the HTTP server first, and that waits for every upgraded socket.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    wss.close(() => done());
  });

  // One set of listeners for every socket (`this` is the socket), not closures per socket:
  // an idle connection should hold only what it must (issue 13's memory target).
  function onClose(this: WebSocket): void {
    const conn = connectionOf.get(this);
    if (!conn) return;
    hub.detach(conn);
    // Both close and error may come: the place is given back once.
    if (conn.address !== null) perAddress.give(conn.address);
    conn.address = null;
  }
  function onMessage(this: WebSocket, raw: RawData, isBinary: boolean): void {
    const conn = connectionOf.get(this);
    if (!conn) return;
    // One frame at a time per socket, in the order sent: a frame that waits for the database (an
    // auth) is done before the next one (the join of the user room it opens) starts.
    const run = () => receive(conn, raw, isBinary).catch((error: unknown) => app.log.error({ err: error }, 'socket frame failed'));
    const next = conn.inbox ? conn.inbox.then(run) : run();
    conn.inbox = next;
    void next.then(() => {
      if (conn.inbox === next) conn.inbox = null;
    });
  }

  async function receive(conn: SocketConnection, raw: RawData, isBinary: boolean): Promise<void> {
    conn.lastSeen = performance.now();
    const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : (raw as Buffer).byteLength;
    if (isBinary || size > MAX_FRAME_BYTES) return hub.reply(conn, 'SOCKET_ERROR', { code: 'BAD_FRAME', message: 'frames are JSON text up to 16 KiB' });
    let json: unknown;
    try {
      json = JSON.parse(String(raw));
    } catch {
      return hub.reply(conn, 'SOCKET_ERROR', { code: 'BAD_FRAME', message: 'frame is not JSON' });
    }
    const parsed = z.safeParse(ClientFrame, json);
    if (!parsed.success) return hub.reply(conn, 'SOCKET_ERROR', { code: 'BAD_FRAME', message: 'unknown frame type or payload' });
    await handle(conn, parsed.data);
  }

  function accept(socket: WebSocket, tcp: Duplex, address: string): void {
    const conn = new SocketConnection(socket, tcp, performance.now(), address);
    connectionOf.set(socket, conn);
    hub.attach(conn);
    socket.on('close', onClose);
    socket.on('error', onClose);
    socket.on('message', onMessage);
  }

  /**
   * An address over its limit: the socket is told why in the protocol's error frame, then closed
   * with TOO_MANY_SOCKETS (the client's usual reconnect backs off). It never joins the hub.
   */
  function refuse(socket: WebSocket): void {
    socket.send(tooManySocketsFrame(config.socketsPerIp));
    socket.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
  }

  async function handle(conn: Connection, frame: ClientFrame): Promise<void> {
    const now = config.now();
    switch (frame.type) {
      case 'auth': {
        const who = await redeemConnectToken(db, now, frame.data.token);
        if (!who) return hub.reply(conn, NamedError.CONNECT_TOKEN_ERROR, { message: 'connect token is unknown, used or expired' });
        if (conn.userId !== null && conn.userId !== who.userId) hub.deauthenticate(conn);
        conn.userId = who.userId;
        conn.sessionId = who.sessionId;
        const room = Rooms.user(toHash(who.userId));
        hub.reply(conn, 'AUTHED', { user_hash: toHash(who.userId), room });
        hub.join(conn, room, frame.data.offset);
        return;
      }
      case 'leave':
        return hub.deauthenticate(conn);
      case 'ping':
        return hub.reply(conn, 'PONG', { time: now });
      case 'checkin':
        return hub.reply(conn, '#CHECKIN', { time: now });
      case 'manifest':
        return hub.reply(conn, '#MANIFEST', buildManifest(config, services.raceBoards.offset));
      case 'join-room':
        if (!isRoomName(frame.data.room)) return hub.reply(conn, 'SOCKET_ERROR', { code: 'UNKNOWN_ROOM', message: `no room ${frame.data.room.slice(0, 64)}` });
        if (!hub.mayJoin(conn, frame.data.room)) return hub.reply(conn, 'SOCKET_ERROR', { code: 'ACCESS_DENIED', message: `cannot join ${frame.data.room}` });
        if (!hub.join(conn, frame.data.room, frame.data.offset)) {
          return hub.reply(conn, 'SOCKET_ERROR', { code: 'TOO_MANY_ROOMS', message: `at most ${MAX_ROOMS_PER_CONNECTION} rooms per connection` });
        }
        return;
      case 'leave-room':
        return hub.leave(conn, frame.data.room);
      case 'leave-game':
        return hub.leave(conn, Rooms.arenaGame(frame.data.game));
      case 'page-active':
        // A visitor's tabs have no room to share: only a player's tabs hear which one is active.
        if (conn.userId === null) return hub.reply(conn, 'SOCKET_ERROR', { code: 'ACCESS_DENIED', message: 'page-active needs a signed-in socket' });
        return void hub.toUser(conn.userId, 'PAGE_ACTIVE', { tab: frame.data.tab });
    }
  }
}

