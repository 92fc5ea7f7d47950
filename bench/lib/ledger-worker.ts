/**
 * One writer of the ledger benchmark, in a worker thread with its own connection to the
 * shared database file: transfers from players to a house account, each in its own
 * BEGIN IMMEDIATE transaction, as the server makes them.
 */
// worker_threads ports are not window.postMessage: there is no target origin to give.
/* oxlint-disable unicorn/require-post-message-target-origin */
import { parentPort, workerData } from 'node:worker_threads';
import { NamedError } from '../../src/contract/index.ts';
import { openDb } from '../../sim-server/db/database.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { AppError } from '../../sim-server/errors.ts';

/** What one worker does. */
export interface LedgerJob {
  dbPath: string;
  /** 'ledger': ledger.transfer; 'bare': one UPDATE of a counter row per transaction. */
  mode: 'ledger' | 'bare';
  userIds: number[];
  /** Transfer k of this worker is global number offset + k * stride (its player: number % users). */
  offset: number;
  stride: number;
  count: number;
  amount: number;
  /** Several writers open the file at once, so it must be opened shared (the server owns it alone). */
  shared: boolean;
}

/** What it reports. */
export interface LedgerTally {
  committed: number;
  /** Refused with COMMIT_ERROR (not enough funds): rolled back, nothing moved. */
  refused: number;
  /** SQLITE_BUSY after the busy timeout: the writer could not get the lock. */
  busy: number;
  ms: number;
}

const job = workerData as LedgerJob;
const db = await openDb({ path: job.dbPath, shared: job.shared });
const ledger = createLedger({ now: Date.now });
const tally: LedgerTally = { committed: 0, refused: 0, busy: 0, ms: 0 };

parentPort!.once('message', async () => {
  const started = performance.now();
  for (let k = 0; k < job.count; k++) {
    const n = job.offset + k * job.stride;
    try {
      if (job.mode === 'bare') {
        await db.transaction((tx) => tx.run('UPDATE bench_counter SET n = n + 1 WHERE id = 1'));
      } else {
        const user = job.userIds[n % job.userIds.length]!;
        await db.transaction((tx) => ledger.transfer(tx, { from: { user }, to: { house: 'bench' }, amount: job.amount, type: 'arena_join', ref: `bench-${n}` }));
      }
      tally.committed += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === NamedError.COMMIT_ERROR) tally.refused += 1;
      else if (error instanceof Error && /locked|busy/i.test(error.message)) tally.busy += 1;
      else throw error;
    }
  }
  tally.ms = performance.now() - started;
  await db.close();
  parentPort!.postMessage(tally);
});
parentPort!.postMessage('ready');
