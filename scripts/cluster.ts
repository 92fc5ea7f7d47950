/**
 * `npm run cluster [N]`: N sim-server processes (default 2, or CLUSTER_SIZE) on one machine,
 * behind ONE port, sharing PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). node:cluster hands
 * each new connection (an HTTP request's or a socket's) to the next process: any process answers
 * any request, so no stickiness is needed (docs/decisions/0031). A process that dies is started
 * again; meanwhile another takes its game clocks over.
 *
 * On several machines, run `npm run serve` on each with the same DATABASE_URL, REDIS_URL and
 * JWT_SECRET behind any HTTP/WebSocket load balancer (README, Scaling).
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { buildIfNeeded } from './build-if-needed.ts';

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `npm run cluster needs ${missing.join(' and ')}: several processes share one PostgreSQL and one Redis.\n` +
      '  DATABASE_URL=postgres://arena:arena@127.0.0.1:5432/arena REDIS_URL=redis://127.0.0.1:6379 npm run cluster\n' +
      'README (Scaling) says how to install and start both from Debian\'s packages (scripts/redis-local.sh for Redis).\n' +
      'One process on the embedded database needs neither: npm start.',
  );
  process.exit(1);
}

const size = Number(process.argv[2] ?? process.env.CLUSTER_SIZE ?? 2);
if (!Number.isSafeInteger(size) || size < 1) {
  console.error(`npm run cluster [N]: N is a number of processes, got ${process.argv[2] ?? process.env.CLUSTER_SIZE}`);
  process.exit(1);
}
if (size > availableParallelism()) console.warn(`${size} processes on ${availableParallelism()} cores: they will share them.`);

// The client is built as `npm start` builds it, unless STATIC_DIR serves one from elsewhere.
if (!process.env.STATIC_DIR) await buildIfNeeded();
cluster.setupPrimary({ exec: new URL('../sim-server/main.ts', import.meta.url).pathname });
let stopping = false;
// One after another: the first migrates the database and seeds the bots and the radio library
// before the others open it, so none of that races.
for (let i = 0; i < size; i++) {
  const worker = cluster.fork({ SERVER_ID: `sim-${i + 1}` });
  const up = await new Promise<boolean>((resolve) => {
    worker.once('listening', () => resolve(true));
    worker.once('exit', () => resolve(false));
  });
  if (!up) {
    console.error(`process ${i + 1} did not start (its messages are above); stopping`);
    stopping = true;
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    process.exit(1);
  }
}
cluster.on('exit', (worker, code, signal) => {
  if (stopping) return;
  console.error(`process ${worker.process.pid} (worker ${worker.id}) exited (${signal ?? code}); starting another`);
  cluster.fork({ SERVER_ID: `sim-r${worker.id}` });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 5_000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
}
console.log(`Arena cluster: ${size} processes on port ${process.env.PORT ?? 8080}`);
