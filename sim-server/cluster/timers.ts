/**
 * Game clocks with one owner (docs/decisions/0031): battle rounds, expiries, rain and race ends,
 * radio songs, party draws run in exactly one process at a time, the one holding the database's
 * 'timers' lease. The others ask for it every second, so when the owner dies (its database
 * connection, and with it the lease, goes) another takes over within about a second and runs
 * the start-up recovery of every clock. Alone on an embedded database the lease is always held:
 * everything runs at once, as before.
 *
 * A clock's work is safe to run twice anyway (each payment is conditional on the state it moves,
 * in one transaction): the lease is what keeps two owners from doing it on purpose.
 */
import type { FastifyInstance } from 'fastify';

/** Work a clock runs: synchronous, or a promise the owner waits for. */
export type ClockWork = () => void | Promise<void>;

/** The owner of the clocks of one process. */
export interface TimerOwner {
  /** Whether this process runs the clocks now. */
  owned(): boolean;
  /**
   * `start` runs now if this process owns the clocks (the promise settles once it ran), and on
   * every takeover; `stop` when the lease is lost. Clocks that only check `owned()` need neither.
   */
  whenOwned(start: ClockWork, stop?: ClockWork): Promise<void>;
  /** Stops asking for the lease (the server closes). */
  close(): void;
}

/** How often a process that does not own the clocks asks for the lease (and the owner checks it still holds it). */
export const LEASE_POLL_MS = 1_000;

/** Builds the owner over a lease (Db.tryLease('timers')); `onError` hears a start or stop that threw. */
export async function createTimerOwner(tryLease: () => Promise<boolean>, onError: (error: unknown) => void, pollMs = LEASE_POLL_MS): Promise<TimerOwner> {
  const starts: ClockWork[] = [];
  const stops: ClockWork[] = [];
  const ask = async () => {
    try {
      return await tryLease();
    } catch (error) {
      // The database is away: whoever holds the lease is unknown, so this process holds it not.
      onError(error);
      return false;
    }
  };
  let held = await ask();
  const run = async (fns: ClockWork[]) => {
    for (const fn of fns) {
      try {
        await fn();
      } catch (error) {
        onError(error);
      }
    }
  };
  // One poll at a time: a lease answer slower than the period is not asked again meanwhile.
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    void (async () => {
      try {
        const now = await ask();
        if (now === held) return;
        held = now;
        await run(now ? starts : stops);
      } finally {
        polling = false;
      }
    })();
  }, pollMs);
  poll.unref();
  return {
    owned: () => held,
    async whenOwned(start, stop) {
      starts.push(start);
      if (stop) stops.push(stop);
      if (held) await run([start]);
    },
    close: () => clearInterval(poll),
  };
}

/**
 * A domain's periodic clock, gated by the owner (docs/design.md section 10): `step` runs when
 * this process owns the clocks (at once if it does, and on every takeover, so what fell due
 * while nobody ran it is done now) and then every `everyMs` while it still owns them. A step
 * that throws is logged as "{what} failed" and the next one tries again: a database that went
 * away (PostgreSQL) fails one round only. A step still running when the next falls due is not
 * started twice. Closing the app stops the clock. `atStart: false` leaves out the step at
 * once: the first comes one period after start (a scheduled post). The promise settles once
 * the step at start ran.
 */
export async function everyOwned(
  app: Pick<FastifyInstance, 'log' | 'addHook'>, timers: TimerOwner, what: string, everyMs: number, step: ClockWork, { atStart = true } = {},
): Promise<void> {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await step();
    } catch (error) {
      app.log.error({ err: error }, `${what} failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => {
    if (timers.owned()) void run();
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  if (atStart) await timers.whenOwned(run);
}
