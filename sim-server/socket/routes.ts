/**
 * The socket endpoint at /ws: parses each frame against the contract and answers it.
 * `ws` takes the HTTP upgrade directly rather than through a Fastify route: a routed upgrade
 * keeps its request and reply objects alive as long as the socket (measured: 13.5 KB per idle
 * connection through @fastify/websocket against 8.7 KB direct).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { ClientFrame, NamedError, Rooms, isRoomName, z } from '../../src/contract/index.ts';
import { toHash } from '../../src/core/hash-id.ts';
import { redeemConnectToken } from '../auth/sessions.ts';
import type { Services } from '../rpc/context.ts';
import { buildManifest } from '../world/manifest.ts';
import { MAX_ROOMS_PER_CONNECTION, type Connection } from './hub.ts';

const MAX_FRAME_BYTES = 16 * 1024;
const PATH = '/ws';

/**
 * The whole WebSocket text frame (header and payload) of a hub frame, made once and kept with
 * it: a room event goes to thousands of sockets, and `ws.send` would build a header and write
 * header and payload separately (cork, two writes, writev) for each of them. Server frames are
 * not masked, so every socket can take the same bytes.
 */
const wireFrames = new WeakMap<Buffer, Buffer>();
function wireFrame(payload: Buffer): Buffer {
  let wire = wireFrames.get(payload);
  if (!wire) {
    const n = payload.length;
    const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
    wire = Buffer.allocUnsafe(head + n);
    wire[0] = 0x81; // FIN, text
    if (n < 126) wire[1] = n;
    else if (n < 65_536) {
      wire[1] = 126;
      wire.writeUInt16BE(n, 2);
    } else {
      wire[1] = 127;
      wire.writeBigUInt64BE(BigInt(n), 2);
    }
    payload.copy(wire, head);
    wireFrames.set(payload, wire);
  }
  return wire;
}

/** Registers /ws. */
export function registerSocket(app: FastifyInstance, services: Services): void {
  const { hub, db, config } = services;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: 64 * 1024 });

  app.server.on('upgrade', (request, socket, head) => {
    if (request.url?.split('?')[0] !== PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, socket as Socket));
  });
  // Closing the server also closes every socket (tests and graceful shutdown). preClose, because
  // Fastify's own onClose closes the HTTP server first, and that waits for every upgraded socket.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    wss.close(() => done());
  });

  /** `tcp` is the upgraded connection `ws` itself writes to (the fan-out writes prebuilt frames to it, see wireFrame). */
  function accept(socket: WebSocket, tcp: Socket): void {
    const conn: Connection = {
      send: (frame) => {
        if (socket.readyState !== socket.OPEN || tcp.destroyed) return;
        // ws writes a frame to this socket synchronously unless it is compressing or reading a
        // Blob, which this server never asks of it (perMessageDeflate off, Buffers only): so
        // writing the prebuilt frame here keeps the order of everything ws writes (pongs, close).
        tcp.write(wireFrame(frame));
      },
      close: () => socket.terminate(),
      userId: null,
      sessionId: null,
      rooms: new Set(),
      lastSeen: config.now(),
    };
    hub.attach(conn);
    socket.on('close', () => hub.detach(conn));
    socket.on('error', () => hub.detach(conn));
    socket.on('message', (raw, isBinary) => {
      conn.lastSeen = config.now();
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
      handle(conn, parsed.data);
    });
  }

  function handle(conn: Connection, frame: ClientFrame): void {
    const now = config.now();
    switch (frame.type) {
      case 'auth': {
        const who = redeemConnectToken(db, now, frame.data.token);
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
        return hub.reply(conn, '#MANIFEST', buildManifest(config));
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

