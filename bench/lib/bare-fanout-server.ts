/**
 * The floor of the socket fan-out benchmark: node:http taking WebSocket upgrades at /ws by hand
 * (no ws library, no rooms, no auth) and, on GET /fire, writing one pre-built text frame
 * (sim-server/socket/frame.ts, as the sim-server frames) to every socket in one loop, one
 * net.Socket.write each, as the sim-server's SocketConnection.send does. What is left is the
 * kernel's loopback send path and node's stream bookkeeping: no single-threaded server on this
 * machine can deliver faster.
 * FRAME_BYTES is the payload length (the chat MSG_CREATED frame's, measured in the same run).
 * /fire answers the loop's wall time and its process.cpuUsage split. Prints `LISTENING <port>`.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { textFrame } from '../../sim-server/socket/frame.ts';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** The frame of `text`, or of a MSG_CREATED envelope padded to `length` bytes. */
function frameOf(length: number, text?: string): Buffer {
  const head = '{"type":"MSG_CREATED","data":{"text":"';
  const tail = '"}}';
  return textFrame(Buffer.from(text ?? head + 'x'.repeat(Math.max(0, length - head.length - tail.length)) + tail));
}

const frame = frameOf(Number(process.env.FRAME_BYTES ?? 300));
const AUTHED = frameOf(0, '{"type":"AUTHED"}');
const JOINED = frameOf(0, '{"type":"ROOM_JOINED","data":{"room":"CHAT"}}');
const sockets = new Set<Duplex>();

const server = createServer((request, response) => {
  if (request.url !== '/fire') {
    response.writeHead(404).end();
    return;
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const socket of sockets) socket.write(frame);
  const loopMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ sockets: sockets.size, frameBytes: frame.length, loopMs, userMs: used.user / 1000, systemMs: used.system / 1000 }));
});

server.on('upgrade', (request, socket) => {
  const key = request.headers['sec-websocket-key'];
  if (request.url !== '/ws' || typeof key !== 'string') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    return;
  }
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  // As ws does for the sim-server's sockets.
  (socket as Socket).setNoDelay(true);
  sockets.add(socket);
  // The clients' auth and join-room frames get the sim-server's answers (unread: each comes
  // alone, as the client waits for the answer before the next), so the connections carry
  // traffic both ways before the rounds as the sim-server's do (TCP's delayed-ACK state
  // depends on it). Later client frames are not read.
  socket.once('data', () => {
    socket.write(AUTHED);
    socket.once('data', () => socket.write(JOINED));
  });
  socket.on('error', () => socket.destroy());
  socket.once('close', () => sockets.delete(socket));
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});

process.once('SIGTERM', () => {
  for (const socket of sockets) socket.destroy();
  server.close(() => process.exit(0));
});
