/**
 * The baseline of the RPC benchmark: node:http answering one fixed body, nothing else.
 * BODY_FILE names the exact bytes to answer (the RPC benchmark passes the read method's own
 * answer, so both write the same bytes with the same headers); without it, a small envelope.
 * Prints `LISTENING <port>` like the sim-server, so both start the same way.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = process.env.BODY_FILE
  ? readFileSync(process.env.BODY_FILE)
  : Buffer.from(JSON.stringify({ response: { wallets: [{ currency: 'SFC', amount: 100000, locked: 0 }] } }));
// The headers the sim-server's RPC answers carry (Node adds date, connection and keep-alive to both).
const headers = {
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
  'content-length': body.length,
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

// Fastify's keep-alive timeout, so even the keep-alive header is the same.
server.keepAliveTimeout = 72_000;

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});

process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
