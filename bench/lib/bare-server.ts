/**
 * The baseline of the RPC benchmark: node:http answering one fixed JSON envelope, nothing
 * else. Prints `LISTENING <port>` like the sim-server, so both start the same way.
 */
import { createServer } from 'node:http';

const body = Buffer.from(JSON.stringify({ response: { wallets: [{ currency: 'SFC', amount: 100000, locked: 0 }] } }));

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});

process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
