/**
 * The client side of the radio benchmark, run as its own process on the CPU the server does
 * not use. Opens N visitor sockets that join WAVE, then waits for the station's own song
 * changes (#RADIO_NEXT_SOUND, published by the server's timer 2 s before a song ends) and
 * times each socket's receipt against the `time` the server stamped on the announcement.
 *
 * argv[2]: JSON RadioPlan. Prints `RESULT <json>` last.
 */
import { WebSocket } from 'ws';
import { sleep } from './procs.ts';

export interface RadioPlan {
  port: number;
  clients: number;
  rounds: number;
  /** Song changes received first and not counted (JIT and buffers warm, as the chat row's warm-up round). */
  warmup?: number;
  parallel: number;
}

export interface RadioResult {
  clients: number;
  rounds: number;
  secondsToConnect: number;
  /** From the announcement's stamp (the moment the station's timer ran) to each receipt. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * From the moment the change was due (the next song's start minus the 2 s hint) to each
   * receipt: the stamp's figure plus the timer's lateness.
   */
  dueP50Ms: number;
  dueP99Ms: number;
  dueMaxMs: number;
  /** How late the station's timer ran after the due moment, per round (stamp minus due), ms. */
  timerLateMs: number[];
  missing: number;
}

const EVENT = Buffer.from('"#RADIO_NEXT_SOUND"');
/** The station announces the next song this long before it starts (sim-server/domains/radio/station.ts HINT_MS). */
const HINT_MS = 2_000;
/** The longest song is under a minute: a round waits at most this long for its change. */
const ROUND_TIMEOUT_MS = 75_000;

const plan = JSON.parse(process.argv[2] ?? '{}') as RadioPlan;
const sockets: WebSocket[] = [];
let receipts = new Float64Array(0);
let stamped = 0;
let due = 0;
let received = 0;
let onAll: (() => void) | null = null;

function open(index: number): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${plan.port}/ws`, { perMessageDeflate: false });
  sockets.push(ws);
  return new Promise<void>((done, failed) => {
    ws.once('error', failed);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'join-room', data: { room: 'WAVE' } })));
    ws.on('message', (data: Buffer) => {
      // The clock is read first, before anything else this socket does with the frame.
      const now = Date.now();
      if (data.indexOf(EVENT) !== -1) {
        if (receipts[index] !== 0) return;
        if (stamped === 0) {
          const text = data.toString();
          stamped = Number(/"time":(\d+)/.exec(text)?.[1] ?? now);
          // `next` is the data's first field: its start_time is the first one in the frame.
          due = Number(/"start_time":(\d+)/.exec(text)?.[1] ?? stamped + HINT_MS) - HINT_MS;
        }
        receipts[index] = now;
        received += 1;
        if (received === sockets.length) onAll?.();
      } else if (data.includes('"ROOM_JOINED"')) done();
    });
  });
}

const started = performance.now();
let next = 0;
await Promise.all(Array.from({ length: plan.parallel }, async () => {
  while (next < plan.clients) await open(next++);
}));
const secondsToConnect = (performance.now() - started) / 1000;
// Like the app, each socket pings every 20 s: the server closes sockets silent for 75 s, which a
// warm-up and two song changes (up to ~50 s each) would otherwise outlast. Spread over the 20 s
// (a twentieth of the sockets each second), as real clients' pings are, not all at one moment.
const PING = JSON.stringify({ type: 'ping', data: { visible: true } });
let pingSlot = 0;
const pinger = setInterval(() => {
  const slot = pingSlot++ % 20;
  for (let i = slot; i < sockets.length; i += 20) if (sockets[i]!.readyState === WebSocket.OPEN) sockets[i]!.send(PING);
}, 1_000);

const latencies: number[] = [];
const fromDue: number[] = [];
const timerLateMs: number[] = [];
let missing = 0;
const warmup = plan.warmup ?? 0;
for (let r = 0; r < warmup + plan.rounds; r++) {
  receipts = new Float64Array(sockets.length);
  stamped = 0;
  due = 0;
  received = 0;
  const all = new Promise<void>((done) => {
    onAll = done;
  });
  await Promise.race([all, sleep(ROUND_TIMEOUT_MS)]);
  // Late ones get a moment after the first round's receipts start.
  if (received < sockets.length) await Promise.race([all, sleep(5_000)]);
  if (r < warmup) continue;
  timerLateMs.push(stamped - due);
  for (const at of receipts) {
    if (at === 0) missing += 1;
    else {
      latencies.push(at - stamped);
      fromDue.push(at - due);
    }
  }
}
latencies.sort((a, b) => a - b);
fromDue.sort((a, b) => a - b);
const pick = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? Number.NaN;
const result: RadioResult = {
  clients: plan.clients, rounds: plan.rounds, secondsToConnect,
  p50Ms: pick(latencies, 0.5), p99Ms: pick(latencies, 0.99), maxMs: latencies.at(-1) ?? Number.NaN,
  dueP50Ms: pick(fromDue, 0.5), dueP99Ms: pick(fromDue, 0.99), dueMaxMs: fromDue.at(-1) ?? Number.NaN,
  timerLateMs, missing,
};
clearInterval(pinger);
for (const ws of sockets) ws.terminate();
console.log(`RESULT ${JSON.stringify(result)}`);
