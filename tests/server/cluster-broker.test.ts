/**
 * The broker on its own (issue 19): what one process sends through Redis, read back by another.
 * Runs where REDIS_URL is set, as the other two-process tests do.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { connectBroker, MAX_QUEUED_EVENTS, type Broker } from '../../sim-server/cluster/broker.ts';

const url = process.env.REDIS_URL;

describe.skipIf(!url)('the broker', () => {
  const opened: Broker[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((broker) => broker.close()));
  });
  const open = async (prefix: string) => {
    const broker = await connectBroker(url!, { prefix });
    opened.push(broker);
    return broker;
  };

  test('a clean stop right after a burst of events loses none of them', async () => {
    const prefix = `test-close-${randomBytes(4).toString('hex')}:`;
    const sender = await connectBroker(url!, { prefix });
    const reader = await open(prefix);
    const room = 'user:SF0000000001';
    // Most of the queue the broker holds unanswered (more are dropped on purpose, with a gap).
    const count = Math.floor(MAX_QUEUED_EVENTS * 0.9);
    for (let i = 1; i <= count; i++) sender.relay.publish(room, `{"type":"TEST","data":{"n":${i}},"room":"${room}","offset":`);
    // Stopped before Redis answered most of them: a server stopping after its last requests.
    await sender.close();
    const history = await reader.relay.history(room, 0);
    // Every event was numbered, and the room keeps the newest in order, the last one last.
    expect(history.offset - history.base).toBe(count);
    const kept = history.events.map((e) => (JSON.parse(e.frame.toString()) as { data: { n: number } }).data.n);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => count - kept.length + i + 1));
  });
});
