/** CLI entry: reads the configuration, opens the database and serves HTTP and the socket. */
import { buildApp, type BuiltApp } from './app.ts';
import { BrokerError } from './cluster/broker.ts';
import { PostgresError } from './db/postgres.ts';

let built: BuiltApp;
try {
  built = await buildApp({}, { logger: true });
} catch (error) {
  // An unreachable database or broker is the operator's to fix: say which one, without a stack.
  if (!(error instanceof PostgresError) && !(error instanceof BrokerError)) throw error;
  console.error(`sim-server: ${error.message}`);
  process.exit(1);
}
const { app, services, close } = built;
const { config } = services;
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// A machine-readable line: scripts and tests that start the server on port 0 read the port from it.
console.log(`LISTENING ${port}`);
console.log(`Arena sim-server on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (data in ${config.databaseUrl ? services.db.path : config.dataDir}, sim mode ${config.simMode ? 'on' : 'off'})`);
// The console's key goes to this machine's console only (and DATA_DIR/sim-operator.key).
if (config.simMode) console.log(`Sim console (operator): http://localhost:${port}/api/sim/payments?key=${config.simOperatorKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().then(() => process.exit(0));
  });
}
