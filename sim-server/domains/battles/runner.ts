/**
 * The battle runner: ONE timer per process, set to the earliest wake among battles in play
 * (the engine's nextWakeAt), read against the injected clock. When it fires, every battle due
 * is stepped (each in its own transaction, by `step`); stepping reschedules through
 * `schedule`. Tests step the clock and call `tick()` themselves; the timer changes nothing
 * about what a tick does, only when one happens.
 */

/** Steps one battle to `now` and schedules its next wake. */
export type StepBattle = (id: number, now: number) => Promise<void>;

/** A failed step is retried after this long rather than in a tight loop. */
const RETRY_MS = 5_000;
/** Longest single timer: a clock that jumps (tests, suspend) is looked at again within a minute. */
const MAX_TIMER_MS = 60_000;

/** The runner. */
export interface BattleRunner {
  /** Sets when battle `id` next needs a tick; null forgets it. */
  schedule(id: number, wakeAt: number | null): void;
  /** Steps every battle due by the clock's now, earliest first; answers how many. One tick runs at a time. */
  tick(): Promise<number>;
  /** The earliest wake scheduled, or null. */
  nextWakeAt(): number | null;
  /** How many battles are scheduled. */
  size(): number;
  start(): void;
  stop(): void;
}

/** Builds a runner over a clock and a step function; `onError` hears a step that threw. */
export function createBattleRunner(options: { now: () => number; step: StepBattle; onError: (id: number, error: unknown) => void }): BattleRunner {
  const { now, step, onError } = options;
  const wakes = new Map<number, number>();
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let armedFor: number | null = null;

  function earliest(): number | null {
    let min: number | null = null;
    for (const at of wakes.values()) if (min === null || at < min) min = at;
    return min;
  }

  function arm(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    armedFor = earliest();
    if (!running || armedFor === null) return;
    const delay = Math.min(Math.max(armedFor - now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, delay);
    timer.unref();
  }

  function schedule(id: number, wakeAt: number | null): void {
    if (wakeAt === null) wakes.delete(id);
    else wakes.set(id, wakeAt);
    if (wakeAt !== null && running && (armedFor === null || wakeAt < armedFor)) arm();
  }

  // The tick running now: a step waits for the database, and a timer or a test asking for another
  // tick meanwhile waits for this one, so no battle is ever stepped by two ticks at once.
  let ticking: Promise<number> = Promise.resolve(0);

  function tick(): Promise<number> {
    const next = ticking.then(stepDue, stepDue);
    ticking = next;
    return next;
  }

  async function stepDue(): Promise<number> {
    const at = now();
    const due = [...wakes].filter(([, wake]) => wake <= at).toSorted((a, b) => a[1] - b[1] || a[0] - b[0]);
    for (const [id] of due) {
      try {
        await step(id, at);
      } catch (error) {
        onError(id, error);
        wakes.set(id, at + RETRY_MS);
      }
    }
    arm();
    return due.length;
  }

  return {
    schedule,
    tick,
    nextWakeAt: earliest,
    size: () => wakes.size,
    start() {
      running = true;
      arm();
    },
    stop() {
      running = false;
      arm();
    },
  };
}
