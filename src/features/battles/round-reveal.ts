import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RouletteItem } from '../../gfx/roulette-scene.ts';
import type { Reels } from './reels.tsx';
import type { Battle, BattleDetail } from './queries.ts';

/** The reels' settle after the spin (roulette-plan.ts ROULETTE.settleMs / fastSettleMs). */
const SETTLE_MS = { normal: 1_000, fast: 400 } as const;
/** Shortest spin worth showing; a round that arrives later than this is shown without one. */
const MIN_SPIN_MS = 600;

/** Rounds whose reels have stopped by now on the battle's schedule (a page opened mid-battle shows those at once). */
export function roundsOverBy(game: Battle, now: number): number {
  if (game.status === 'rob' || game.status === 'finished' || game.status === 'closed') return game.round;
  const start = game.process.start_time;
  if (start === null) return 0;
  let over = 0;
  while (over < game.round && start + (over + 1) * game.process.round_duration <= now) over += 1;
  return over;
}

/** The spin of round `round`: each seat's drop and the case's items, as long as the schedule leaves. */
export function roundSpin(detail: BattleDetail, round: number, now: number) {
  const { game } = detail;
  const items = new Map(detail.items.map((item) => [item.hash, item]));
  const toReel = (hash: string): RouletteItem | null => {
    const item = items.get(hash);
    return item ? { hash: item.hash, image: item.image, rarity: item.rarity, name: item.name } : null;
  };
  const drops = detail.drops.filter((drop) => drop.round === round).toSorted((a, b) => a.seat - b.seat);
  const reels = drops.flatMap((drop) => {
    const winner = toReel(drop.item_hash);
    const box = detail.boxes.find((entry) => entry.hash === drop.box_hash && entry.version === drop.box_version) ?? detail.boxes.find((entry) => entry.hash === drop.box_hash);
    const pool = (box?.items ?? []).flatMap((hash) => toReel(hash) ?? []);
    return winner ? [{ winner, pool: pool.length > 0 ? pool : [winner], seed: drop.hash }] : [];
  });
  const settle = game.options.fast ? SETTLE_MS.fast : SETTLE_MS.normal;
  const endsAt = game.process.start_time === null ? now + game.process.round_duration : game.process.start_time + round * game.process.round_duration;
  const durationMs = Math.min(game.process.round_duration - settle, Math.max(MIN_SPIN_MS, endsAt - now - settle - 300));
  return { reels, durationMs, fast: game.options.fast };
}

type RevealState = { readonly revealed: number; readonly spinning: number | null };

/**
 * Which rounds the page shows: a round's drops are known when it starts, but its totals and
 * items appear only once its reels stop. Rounds are spun one at a time in order; a backlog
 * (the tab was asleep) is shown at once and only the newest round spins. A small store, so
 * the spins it starts from effects reach React through useSyncExternalStore.
 */
class RoundRevealer {
  #state: RevealState | null;
  #listeners = new Set<() => void>();
  #disposed = false;

  /**
   * A battle known when the page opens shows the rounds already over from its first render: a
   * finished battle its drops and result at once, not in a second render after an effect, which
   * pushed everything under them down (a layout shift of the chat on a phone's first screen).
   */
  constructor(detail: BattleDetail | undefined) {
    this.#state = detail ? { revealed: roundsOverBy(detail.game, Date.now()), spinning: null } : null;
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  snapshot = (): RevealState | null => this.#state;

  /** A page that left stops hearing about spins that end after it. */
  setActive(active: boolean): void {
    this.#disposed = !active;
  }

  #set(state: RevealState): void {
    if (this.#disposed) return;
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }

  /** Looks at the battle as it is now and starts the next spin when one is due. */
  update(detail: BattleDetail, reels: Reels): void {
    if (this.#state === null) this.#set({ revealed: roundsOverBy(detail.game, Date.now()), spinning: null });
    const { revealed, spinning } = this.#state!;
    if (spinning !== null) return;
    const started = detail.drops.reduce((max, drop) => Math.max(max, drop.round), 0);
    if (started <= revealed) return;
    const round = started;
    const spin = roundSpin(detail, round, Date.now());
    this.#set({ revealed: round - 1, spinning: round });
    const settle = spin.fast ? SETTLE_MS.fast : SETTLE_MS.normal;
    const done = reels && spin.reels.length > 0 ? reels.spin(spin) : new Promise<void>((resolve) => setTimeout(resolve, spin.durationMs + settle));
    void done
      .catch(() => undefined)
      .then(() => {
        this.#set({ revealed: round, spinning: null });
        // Another round may have started while this one spun.
        this.update(this.#latest ?? detail, this.#reels);
      });
  }

  #latest: BattleDetail | null = null;
  #reels: Reels = null;

  /** Remembers the newest data while a spin runs, for the next update after it. */
  remember(detail: BattleDetail, reels: Reels): void {
    this.#latest = detail;
    this.#reels = reels;
  }
}

/** The rounds shown and the round spinning now (see RoundRevealer). */
export function useRoundReveal(detail: BattleDetail | undefined, reels: Reels): RevealState {
  const [revealer] = useState(() => new RoundRevealer(detail));
  const state = useSyncExternalStore(revealer.subscribe, revealer.snapshot);
  useEffect(() => {
    if (!detail) return;
    revealer.remember(detail, reels);
    revealer.update(detail, reels);
  }, [revealer, detail, reels]);
  useEffect(() => {
    revealer.setActive(true);
    return () => revealer.setActive(false);
  }, [revealer]);
  return state ?? { revealed: 0, spinning: null };
}
