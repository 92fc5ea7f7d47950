// The page side of the fairness worker: one worker per session, started on first use, wrapped
// with Comlink. Pages call these functions; hashing and replays never run on the main thread
// (docs/design.md section 8). From the worker's modules only types and packTickets (a few lines,
// no hashing) come along, so the fairness code stays out of the page's bundle.
import * as Comlink from 'comlink';
import type { PoolItem, SimulatedOpenings } from '../src/core/drop-pool.ts';
import { packTickets, type TicketClaim } from '../src/core/ticket-pack.ts';
import type { PoolQuestion, PoolSummary } from '../src/core/pool-summary.ts';
import type { BattleReplayRecord, ModalTicketInput, ReplayReport, TicketEngine, UnboxReplayRecord } from '../src/core/replay.ts';
import type { ChickenReplayRecord, DiceReplayRecord, GameReplayReport } from '../src/core/games-replay.ts';
import type { FairnessApi, TimedTicketBatchReport } from './fairness-api.ts';

/** The worker's API as the page sees it: every call answers a promise. */
export type FairnessRemote = Comlink.Remote<FairnessApi>;

/** A started worker; `failed` rejects when it fails to load or crashes. */
type Session = { worker: Worker; remote: FairnessRemote; failed: Promise<never> };

let session: Session | null = null;

/** Starts a worker; a test or a bench may pass its own factory. */
export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  // Vite bundles the worker from this exact `new Worker(new URL(...), {type: 'module'})` form.
  new Worker(new URL('./fairness.worker.ts', import.meta.url), { type: 'module', name: 'fairness' });

let factory: WorkerFactory = defaultFactory;

/** Replaces how the worker is started (tests); stops the current one. */
export function setFairnessWorkerFactory(next: WorkerFactory | null): void {
  stopFairnessWorker();
  factory = next ?? defaultFactory;
}

function startSession(): Session {
  const worker = factory();
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  // The rejection is for the calls waiting when it fails; there may be none.
  failed.catch(() => undefined);
  const started: Session = { worker, remote: Comlink.wrap<FairnessApi>(worker), failed };
  // A worker that failed to load or crashed answers nothing more: the calls waiting on it are
  // refused, and it is dropped, so the next call starts a fresh one.
  worker.addEventListener('error', (event) => {
    const reason = (event as Partial<ErrorEvent>).message;
    fail(new Error(reason ? `the fairness worker failed: ${reason}` : 'the fairness worker failed to start'));
    if (session === started) stopFairnessWorker();
  });
  return started;
}

/** The session's fairness worker, started on first use and kept until the page unloads. */
export function fairnessWorker(): FairnessRemote {
  session ??= startSession();
  return session.remote;
}

/** A call to the worker that is refused if the worker fails before it answers. */
function ask<T>(call: (remote: FairnessRemote) => Promise<T>): Promise<T> {
  session ??= startSession();
  return Promise.race([call(session.remote), session.failed]);
}

/** Stops the worker (tests, or a page that wants its memory back); the next call starts another. */
export function stopFairnessWorker(): void {
  if (session === null) return;
  session.remote[Comlink.releaseProxy]();
  session.worker.terminate();
  session = null;
}

/** Recomputes every ticket of a batch in the worker (packed and transferred, see PackedTickets); `ms` is the time spent there. */
export function verifyTickets(batch: readonly TicketClaim[], engine: TicketEngine = 'noble'): Promise<TimedTicketBatchReport> {
  const packed = packTickets(batch);
  return ask((remote) => remote.verifyTickets(Comlink.transfer(packed, [packed.rows.buffer]), engine));
}

/** Replays the public record arena.game answered (unbox or battle). */
export function replayGame(record: UnboxReplayRecord | BattleReplayRecord): Promise<ReplayReport> {
  return ask((remote) => remote.replay(record));
}

/** The verify modal's ticket and its digits ("00000" until every input is given). */
export function modalTicket(input: ModalTicketInput): Promise<{ ticket: number | null; digits: string }> {
  return ask((remote) => remote.modalTicket(input));
}

/** The case page's pool figures: odds, expected value, spread, chance of an item above a price. */
export function poolSummary(items: readonly PoolItem[], question: PoolQuestion = {}): Promise<PoolSummary> {
  return ask((remote) => remote.poolSummary(items, question));
}

/** Simulated openings with a seeded source, for previews only. */
export function simulateOpenings<T extends PoolItem>(items: readonly T[], openings: number, seed: number): Promise<SimulatedOpenings<T>> {
  return ask((remote) => remote.simulateOpenings(items, openings, seed) as Promise<SimulatedOpenings<T>>);
}

/** Replays a chicken game's record (chicken.game) in the worker. */
export function replayChicken(record: ChickenReplayRecord): Promise<GameReplayReport> {
  return ask((remote) => remote.replayChicken(record));
}

/** Replays a dice roll's record (dice.game) in the worker. */
export function replayDice(roll: DiceReplayRecord): Promise<GameReplayReport> {
  return ask((remote) => remote.replayDice(roll));
}
