// The fairness worker's API (docs/design.md sections 6 and 8): bulk ticket checks, game replays and
// the case page's drop-pool math. Thin on purpose (docs/style.md item 6): every function hands over
// to a pure module of src/core, tested in Node; this file adds only the worker-side timing.
// DON'T import anything from the DOM or the app here: this runs inside a Web Worker, and Node
// tests expose it over a MessageChannel.
import { simulateOpenings, type PoolItem, type SimulatedOpenings } from '../src/core/drop-pool.ts';
import { poolSummary, type PoolQuestion, type PoolSummary } from '../src/core/pool-summary.ts';
import {
  modalTicket,
  replayBattle,
  replayGame,
  replayUnbox,
  verifyPackedTickets,
  verifyTicketsWebCrypto,
  type BattleReplayRecord,
  type ModalTicketInput,
  type ReplayReport,
  type TicketBatchReport,
  type TicketEngine,
  type UnboxReplayRecord,
} from '../src/core/replay.ts';
import { replayChickenGame, replayDiceRoll, type ChickenReplayRecord, type DiceReplayRecord, type GameReplayReport } from '../src/core/games-replay.ts';
import { seededRandom } from '../src/core/seeded-random.ts';
import { unpackTickets, type PackedTickets } from '../src/core/ticket-pack.ts';

/** A batch check with the milliseconds it took inside the worker and the engine that ran it. */
export type TimedTicketBatchReport = TicketBatchReport & { readonly ms: number; readonly engine: TicketEngine };

/** What the fairness worker answers; every call returns a promise on the page side (Comlink). */
export const fairnessApi = {
  /**
   * Recomputes every ticket of a packed batch (packTickets; the client packs and transfers it).
   * 'noble' (the default) is the synchronous pure-JS HMAC with one keyed state per key:
   * measured about 3x faster than 'webcrypto' in a Chromium worker (290k against 91k tickets/s,
   * bench/workers.ts), so 'webcrypto' is kept only to be measured against.
   */
  async verifyTickets(packed: PackedTickets, engine: TicketEngine = 'noble'): Promise<TimedTicketBatchReport> {
    const started = performance.now();
    const report = engine === 'webcrypto' ? await verifyTicketsWebCrypto(unpackTickets(packed)) : verifyPackedTickets(packed);
    return { ...report, ms: performance.now() - started, engine };
  },
  /** Replays whichever game arena.game answered (unbox or battle). */
  replay(record: UnboxReplayRecord | BattleReplayRecord): ReplayReport {
    return replayGame(record);
  },
  /** Replays a personal unbox game's record. */
  replayUnbox(record: UnboxReplayRecord): ReplayReport {
    return replayUnbox(record);
  },
  /** Replays a battle's record, rules and payout included. */
  replayBattle(record: BattleReplayRecord): ReplayReport {
    return replayBattle(record);
  },
  /** Replays a chicken game: every step's ticket and outcome, the status and the payout. */
  replayChicken(record: ChickenReplayRecord): GameReplayReport {
    return replayChickenGame(record);
  },
  /** Replays a dice roll: ticket, roll, win and payout. */
  replayDice(roll: DiceReplayRecord): GameReplayReport {
    return replayDiceRoll(roll);
  },
  /** The verify modal's ticket: "00000" until key, client seed and nonce are all given. */
  modalTicket(input: ModalTicketInput): { ticket: number | null; digits: string } {
    return modalTicket(input);
  },
  /** Odds, expected value, price spread and the chance of at least one item above a price. */
  poolSummary(items: readonly PoolItem[], question: PoolQuestion = {}): PoolSummary {
    return poolSummary(items, question);
  },
  /** Simulated openings with a seeded source, for "what might I get" previews (never a real roll). */
  simulateOpenings<T extends PoolItem>(items: readonly T[], openings: number, seed: number): SimulatedOpenings<T> {
    return simulateOpenings(items, openings, seededRandom(seed));
  },
};

/** The fairness worker's API type, for Comlink.wrap. */
export type FairnessApi = typeof fairnessApi;
