/** CLI entry: reads the configuration, opens the database and serves HTTP and the socket. */
import { buildApp } from './app.ts';

const built = await buildApp({}, { logger: true }).catch((error: unknown) => {
  // A broker or database named in the environment and not reachable: say which, and stop.
  console.error(`Arena sim-server cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const { app, services, close } = built;
const { config } = services;
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// A machine-readable line: scripts and tests that start the server on port 0 read the port from it.
console.log(`LISTENING ${port}`);
console.log(`Arena sim-server on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (data in ${config.dataDir}, sim mode ${config.simMode ? 'on' : 'off'})`);
// The console's key goes to this machine's console only (and DATA_DIR/sim-operator.key).
if (config.simMode) console.log(`Sim console (operator): http://localhost:${port}/api/sim/payments?key=${config.simOperatorKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().then(() => process.exit(0));
  });
}
