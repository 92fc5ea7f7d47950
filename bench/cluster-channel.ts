/**
 * What one events channel costs a process (docs/decisions/0039, issue 19): every process
 * receives every room's events and drops those of rooms none of its sockets joined. This
 * measures that drop: one sim-server on Redis (no sockets), events of unjoined rooms published
 * straight on its channel at a fixed rate, and the server's CPU seconds over the run less the
 * same stretch idle. Answers microseconds of one core per dropped event:
 *   REDIS_URL=redis://127.0.0.1:6379 node bench/cluster-channel.ts [events per second] [seconds]
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { cpuSeconds, makeTempDir, removeTempDir, sleep, startSimServer } from './lib/procs.ts';

const rate = Number(process.argv[2] ?? 20_000);
const seconds = Number(process.argv[3] ?? 5);
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('set REDIS_URL (scripts/redis-local.sh starts one)');

const prefix = `bench-${randomBytes(4).toString('hex')}:`;
// A battle room's ARENA_GAME_ROLL is about this size; the channel carries room \n offset \n frame.
const frame = JSON.stringify({ type: 'ARENA_GAME_ROLL', data: { round: 1, drops: Array.from({ length: 4 }, (_, i) => ({ hash: `h${i}`.padEnd(12, 'x'), item: `item${i}`.padEnd(24, 'y'), price: 1234 })) }, room: 'arena-game:abcdef', offset: 0 });
const dir = makeTempDir('cluster-channel');
const publisher = new Redis(redisUrl);
try {
  const sim = await startSimServer(dir, 0, { env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, NODE_ENV: 'production' } });
  await sleep(2_000);
  const idleStart = cpuSeconds(sim.pid)!;
  await sleep(seconds * 1000);
  const idle = cpuSeconds(sim.pid)! - idleStart;

  const start = cpuSeconds(sim.pid)!;
  const began = Date.now();
  let sent = 0;
  for (let tick = 0; tick < seconds * 10; tick++) {
    const pipeline = publisher.pipeline();
    for (let i = 0; i < rate / 10; i++, sent++) pipeline.publish(`${prefix}events`, `arena-game:room${sent % 500}\n${1_000_000 + sent}\n${frame}`);
    await pipeline.exec();
    const due = began + (tick + 1) * 100;
    if (due > Date.now()) await sleep(due - Date.now());
  }
  // Let the last messages arrive before reading the CPU.
  await sleep(500);
  const busy = cpuSeconds(sim.pid)! - start - idle * ((Date.now() - began) / (seconds * 1000));
  await sim.stop();
  const perEvent = (busy / sent) * 1e6;
  console.log(`RESULT ${JSON.stringify({ rate, seconds, sent, frameBytes: frame.length, idleCpuS: idle, busyCpuS: busy, usPerDroppedEvent: perEvent, coreShareAtRate: busy / ((Date.now() - began) / 1000) })}`);
  console.log(`${sent} events of unjoined rooms at ${rate}/s: ${perEvent.toFixed(2)} µs of CPU each, ${((perEvent * rate) / 1e4).toFixed(1)} % of one core at that rate`);
} finally {
  publisher.disconnect();
  removeTempDir(dir);
}
