/**
 * The floor of the RPC runs on PostgreSQL (bench/rpc.ts, issue 33): the same calls' data path
 * alone, in the bench's own process. Each call makes the session read every signed-in call
 * makes, then runs the method's own handler over a pool like the server's, with the player's
 * row lock the dispatcher adds. No HTTP, no contract checks, no load generator: everything the
 * server does on top of this costs more CPU, so a rate this path cannot reach on this machine
 * the server cannot either. It runs in the same bench run as the RPC loads, on the same
 * database and players, with the same number of calls at once.
 */
import { liveSessionUser } from '../../sim-server/auth/sessions.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { openPostgres } from '../../sim-server/db/postgres.ts';
import { walletHandlers } from '../../sim-server/domains/wallet/methods.ts';
import { vaultHandlers } from '../../sim-server/domains/wallet/vault.ts';
import type { CallContext } from '../../sim-server/rpc/context.ts';
import { playersDb } from '../../sim-server/rpc/dispatch.ts';
import { cpuSeconds } from './procs.ts';

/** The calls the RPC bench loads, as handler and params. */
const CALLS = {
  read: (ctx: CallContext) => walletHandlers['wallet.getPaymentMethods']!({ currencies: ['SFC'] }, ctx),
  money: (ctx: CallContext) => vaultHandlers['wallet-vault.deposit']!({ amount: 1 }, ctx),
};

export interface DataPathFloor {
  call: keyof typeof CALLS;
  perSecond: number;
  p99Ms: number;
  /** CPU microseconds per call: this process (the data path's JS and the driver), and the pool's PostgreSQL backends. */
  processUs: number;
  backendUs: number;
}

/**
 * Runs `call` for `seconds` (after one second of warm-up) with `concurrency` calls at once,
 * spread over the players signed in on the database at `url`.
 */
export async function dataPathFloor(url: string, call: keyof typeof CALLS, { concurrency, seconds, poolSize, shards }: { concurrency: number; seconds: number; poolSize: number; shards: number }): Promise<DataPathFloor> {
  const db = await openPostgres({ url, poolSize });
  try {
    const sessions = await db.all<{ id: number; user_id: number }>('SELECT id, user_id FROM sessions WHERE revoked_at IS NULL ORDER BY id');
    if (sessions.length === 0) throw new Error('data path floor: no signed-in player on the database');
    const ledger = createLedger({ now: Date.now, shards });
    const config = { now: Date.now } as CallContext['config'];

    const once = async (k: number): Promise<void> => {
      const { id, user_id: userId } = sessions[k % sessions.length]!;
      const user = await liveSessionUser(db, id, userId);
      if (!user) throw new Error(`data path floor: session ${id} is not open`);
      // What the dispatcher gives a signed-in player's handler.
      const players = playersDb(db, userId);
      const ctx = { config, ledger, db: players, user, sessionId: id, moneyTx: (fn) => players.transaction(fn) } as Partial<CallContext> as CallContext;
      await CALLS[call](ctx);
    };
    const run = async (ms: number, latencies?: number[]): Promise<number> => {
      const until = performance.now() + ms;
      let done = 0;
      await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
        for (let k = worker; performance.now() < until; k += concurrency) {
          const started = performance.now();
          await once(k);
          latencies?.push(performance.now() - started);
          done++;
        }
      }));
      return done;
    };
    await run(1000);
    // The pool's connections are all open after the warm-up: their backends serve the run.
    const backends = (await db.all<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = ? AND application_name = 'sim-server'", new URL(url).pathname.slice(1))).map((r) => r.pid);
    const backendCpu = () => backends.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
    const latencies: number[] = [];
    const processBefore = process.cpuUsage();
    const backendBefore = backendCpu();
    const started = performance.now();
    const done = await run(seconds * 1000, latencies);
    const elapsedS = (performance.now() - started) / 1000;
    const used = process.cpuUsage(processBefore);
    const backendS = backendCpu() - backendBefore;
    latencies.sort((a, b) => a - b);
    return {
      call, perSecond: done / elapsedS, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      processUs: (used.user + used.system) / done, backendUs: (backendS * 1e6) / done,
    };
  } finally {
    await db.close();
  }
}
