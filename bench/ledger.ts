/**
 * Ledger throughput: debits from many players to a house account, each its own
 * BEGIN IMMEDIATE transaction on a file database (WAL, synchronous=NORMAL, as the server
 * runs), with one writer and with two writer threads sharing the file. Every player is
 * given less than the run asks of them, so a known share of the debits must be refused;
 * afterwards ledger.check and the exact counts must hold, or the run fails.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { openDb } from '../sim-server/db/database.ts';
import { createLedger } from '../sim-server/db/ledger.ts';
import type { LedgerJob, LedgerTally } from './lib/ledger-worker.ts';
import { makeTempDir, removeTempDir, withTimeout } from './lib/procs.ts';
import { fmt, type Row, type Section } from './lib/report.ts';

export interface LedgerOptions {
  /** Debit attempts per run. */
  transfers: number;
  users: number;
  /** Cents per debit. */
  amount: number;
  /** Share of the attempts that must be refused for lack of funds. */
  refusedShare: number;
  /** Writer threads of the concurrent run. */
  writers: number;
}

interface RunResult {
  mode: LedgerJob['mode'];
  writers: number;
  attempts: number;
  committed: number;
  refused: number;
  busy: number;
  seconds: number;
  perSecond: number;
  /** Invariants: ledger.check plus the exact expected counts and balances. */
  ok: boolean;
  problems: string[];
}

async function seed(dbPath: string, options: LedgerOptions): Promise<{ userIds: number[]; funding: number }> {
  if (options.transfers % options.users !== 0) throw new Error('ledger bench: transfers must be a multiple of users');
  const db = await openDb({ path: dbPath });
  const ledger = createLedger({ now: Date.now });
  const perUser = options.transfers / options.users;
  // Funds for exactly (1 - refusedShare) of each player's debits: the rest must be refused.
  const funding = Math.round(perUser * (1 - options.refusedShare)) * options.amount;
  const userIds: number[] = [];
  await db.transaction(async (tx) => {
    await tx.run('CREATE TABLE IF NOT EXISTS bench_counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    await tx.run('INSERT OR IGNORE INTO bench_counter (id, n) VALUES (1, 0)');
    for (let i = 0; i < options.users; i++) {
      const { lastInsertRowid: id } = await tx.run('INSERT INTO users (name, display_name, created_at) VALUES (?, ?, ?)', `ledgerBench${i}`, `ledgerBench${i}`, Date.now());
      await ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: id }, amount: funding, type: 'signup_bonus' });
      userIds.push(id);
    }
  });
  await db.close();
  return { userIds, funding };
}

async function runWriters(job: Omit<LedgerJob, 'offset' | 'stride' | 'count' | 'shared'>, attempts: number, writers: number): Promise<{ tallies: LedgerTally[]; seconds: number }> {
  const workers: Worker[] = [];
  try {
    const ready: Promise<void>[] = [];
    const done: Promise<LedgerTally>[] = [];
    for (let w = 0; w < writers; w++) {
      const count = Math.floor(attempts / writers) + (w < attempts % writers ? 1 : 0);
      const worker = new Worker(new URL('./lib/ledger-worker.ts', import.meta.url), { workerData: { ...job, offset: w, stride: writers, count, shared: writers > 1 } satisfies LedgerJob });
      workers.push(worker);
      const failed = new Promise<never>((_, reject) => {
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`ledger worker exited with code ${code}`)));
      });
      failed.catch(() => {});
      const messages: unknown[] = [];
      const waiters: ((m: unknown) => void)[] = [];
      worker.on('message', (m: unknown) => {
        const waiter = waiters.shift();
        if (waiter) waiter(m);
        else messages.push(m);
      });
      const next = () => (messages.length ? Promise.resolve(messages.shift()) : new Promise<unknown>((r) => waiters.push(r)));
      ready.push(Promise.race([next().then(() => undefined), failed]));
      done.push(ready[w]!.then(() => Promise.race([next() as Promise<LedgerTally>, failed])));
    }
    await Promise.all(ready);
    const started = performance.now();
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker_threads Worker, not a window
    for (const worker of workers) worker.postMessage('go');
    const tallies = await Promise.all(done);
    return { tallies, seconds: (performance.now() - started) / 1000 };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

async function run(dir: string, name: string, mode: LedgerJob['mode'], writers: number, options: LedgerOptions): Promise<RunResult> {
  const dbPath = join(dir, `${name}.db`);
  const { userIds, funding } = await seed(dbPath, options);
  const { tallies, seconds } = await runWriters({ dbPath, mode, userIds, amount: options.amount }, options.transfers, writers);
  const sum = (key: 'committed' | 'refused' | 'busy') => tallies.reduce((n, t) => n + t[key], 0);
  const result: RunResult = {
    mode, writers, attempts: options.transfers, committed: sum('committed'), refused: sum('refused'), busy: sum('busy'), seconds,
    perSecond: options.transfers / seconds, ok: true, problems: [],
  };

  const db = await openDb({ path: dbPath });
  try {
    if (mode === 'bare') {
      const n = (await db.get<{ n: number }>('SELECT n FROM bench_counter WHERE id = 1'))!.n;
      if (n !== result.committed) result.problems.push(`counter is ${n} after ${result.committed} committed updates`);
    } else {
      const check = await createLedger({ now: Date.now }).check(db);
      result.problems.push(...check.problems);
      // Each player is asked transfers / users debits and funded for funding / amount of them.
      const payable = options.users * Math.min(options.transfers / options.users, funding / options.amount);
      if (result.committed !== payable) result.problems.push(`${result.committed} debits committed, expected exactly ${payable}`);
      const negative = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'user' AND balance < 0"))!.n;
      if (negative) result.problems.push(`${negative} player balances below zero`);
      const house = (await db.get<{ balance: number }>("SELECT balance FROM accounts WHERE code = 'house:bench:SFC'"))?.balance ?? 0;
      if (house !== result.committed * options.amount) result.problems.push(`house holds ${house}, expected ${result.committed * options.amount}`);
      const entries = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM ledger WHERE type = 'arena_join'"))!.n;
      if (entries !== result.committed) result.problems.push(`${entries} ledger entries for ${result.committed} committed debits`);
    }
    if (result.busy) result.problems.push(`${result.busy} transactions gave up on the write lock (SQLITE_BUSY)`);
    result.ok = result.problems.length === 0;
  } finally {
    await db.close();
  }
  return result;
}

/** Runs the bare baseline, the ledger with one writer and with several, and checks each. */
export async function ledgerBench(options: LedgerOptions): Promise<Section> {
  const dir = makeTempDir('ledger');
  try {
    const bare = await withTimeout('ledger bare run', 120_000, run(dir, 'bare', 'bare', 1, options));
    const single = await withTimeout('ledger single-writer run', 120_000, run(dir, 'single', 'ledger', 1, options));
    const shared = await withTimeout('ledger concurrent run', 120_000, run(dir, 'shared', 'ledger', options.writers, options));
    const invariant = (r: RunResult) => (r.ok ? 'OK' : 'BROKEN');
    const rows: Row[] = [
      { benchmark: 'Ledger bare txn (1 UPDATE, 1 writer)', figure: fmt(bare.perSecond), value: bare.perSecond, unit: 'txn/s', target: 'baseline', verdict: '1.00' },
      { benchmark: 'Ledger debits, 1 writer', figure: fmt(single.perSecond), value: single.perSecond, unit: 'debits/s', target: 'vs bare txn', verdict: (single.perSecond / bare.perSecond).toFixed(2) },
      { benchmark: `Ledger debits, ${options.writers} writer threads`, figure: fmt(shared.perSecond), value: shared.perSecond, unit: 'debits/s', target: 'vs 1 writer', verdict: (shared.perSecond / single.perSecond).toFixed(2) },
      {
        benchmark: 'Ledger invariants (check + counts)', figure: `${fmt(single.refused + shared.refused)} refused`, value: single.refused + shared.refused, unit: 'overdrafts refused',
        target: 'check ok, exact counts', verdict: single.ok && shared.ok && bare.ok ? 'OK' : `BROKEN (1 writer ${invariant(single)}, ${options.writers} writers ${invariant(shared)})`,
      },
    ];
    const describe = (label: string, r: RunResult) =>
      `${label}: ${fmt(r.attempts)} attempts in ${r.seconds.toFixed(2)} s, ${fmt(r.committed)} committed, ${fmt(r.refused)} refused (not enough funds), ${fmt(r.busy)} busy${r.problems.length ? `; PROBLEMS: ${r.problems.join('; ')}` : ''}`;
    const notes = [
      `Ledger: ${fmt(options.transfers)} debits of ${options.amount} cents from ${options.users} players to one house account per run, each its own BEGIN IMMEDIATE transaction, file database in a temp dir (WAL, synchronous=NORMAL); players funded for ${Math.round((1 - options.refusedShare) * 100)}% of what they are asked`,
      describe('Ledger bare', bare),
      describe('Ledger 1 writer', single),
      describe(`Ledger ${options.writers} writers`, shared),
    ];
    return { rows, notes, details: { options, bare, single, shared }, fatal: !(single.ok && shared.ok && bare.ok) };
  } finally {
    removeTempDir(dir);
  }
}
