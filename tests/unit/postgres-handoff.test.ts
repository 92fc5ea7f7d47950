/**
 * The hand-off between the main thread and the PostgreSQL worker (sim-server/db/postgres.ts):
 * each call waits for its own answer. A worker thread stands in for postgres-worker.ts with
 * the same answering order (post the answer, store its id, notify) and no database, so the
 * interleaving that once cost CI a run can be forced.
 */
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { afterEach, expect, test } from 'vitest';
import { awaitReply } from '../../sim-server/db/postgres.ts';

/**
 * Answers each request `{ id }` with `rows: [{ id }]`. Before answering request 2 it sends
 * a notify with nothing behind it, as the notify of request 1's answer does when it runs
 * only after request 2 was posted. It waits first so the main thread is asleep by then.
 * Request 9 is never answered.
 */
const STAND_IN = `
const { workerData } = require('node:worker_threads');
const { signal, port } = workerData;
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
port.on('message', ({ id }) => {
  if (id === 9) return;
  if (id === 2) {
    pause(100);
    Atomics.notify(signal, 0);
    pause(100);
  }
  port.postMessage({ ok: true, rows: [{ id }], rowCount: 1, id });
  Atomics.store(signal, 0, id);
  Atomics.notify(signal, 0);
});
`;

let running: { worker: Worker; port: MessagePort } | undefined;
afterEach(async () => {
  running?.port.close();
  await running?.worker.terminate();
  running = undefined;
});

function standIn() {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(STAND_IN, { eval: true, workerData: { signal, port: port2 }, transferList: [port2] });
  running = { worker, port: port1 };
  return { signal, port: port1 };
}

test('a wake-up with no answer behind it does not end the wait: every call reads its own answer', () => {
  const { signal, port } = standIn();
  for (const id of [1, 2, 3, 4]) {
    port.postMessage({ id });
    expect(awaitReply(signal, port, id, 30_000)).toEqual({ ok: true, rows: [{ id }], rowCount: 1, id });
  }
});

test('an answer that does not come within the wait is reported as such', () => {
  const { signal, port } = standIn();
  port.postMessage({ id: 1 });
  expect(awaitReply(signal, port, 1, 30_000)).toMatchObject({ id: 1 });
  port.postMessage({ id: 9 });
  expect(awaitReply(signal, port, 9, 300)).toBe('timed-out');
});
