// The case roulette as numbers (document 1 section 9: item width 178 px scaled, pool filled to
// 20 entries, spin 5 s, travel 4000-5000 px). Pure and DOM-free, so Node tests can prove that
// every spin ends exactly centred on the item the server chose; roulette-scene.ts only draws
// what this computes. The seeded source shapes decoration only (the order of the other cards,
// how far the strip runs, where inside the card the spin stops before settling): the winner is
// an input, never drawn (docs/style.md item 7).
import { ITEM_RARITY_STYLE, toItemRarity, type ItemRarity, type RaritySoundLevel } from '../core/rarity.ts';
import { shuffled, type RandomSource } from '../core/seeded-random.ts';

/** The roulette's constants (document 1 section 9, and what the spec leaves open). */
export const ROULETTE = {
  /** Card width at scale 1. */
  itemWidth: 178,
  /** Card height at scale 1. */
  itemHeight: 142,
  /** The pool a strip is drawn from is repeated up to this many entries. */
  poolSize: 20,
  spinMs: 5_000,
  /** A fast spin when the server gives no duration (arena-unbox.roll answers 2000 with fast). */
  fastSpinMs: 2_000,
  /** After the spin the strip eases from where it stopped to the winner's exact centre. */
  settleMs: 1_000,
  fastSettleMs: 400,
  /** Distance the strip runs during the spin, in px at scale 1 (screen px = this * scale). */
  travel: { min: 4_000, max: 5_000 },
  /** Where the spin may stop inside the winning card: up to this fraction of its width either side of the centre. */
  landingSpread: 0.38,
  /** The ease-out power of the spin: position = 1 - (1 - t)^power. */
  easePower: 4,
  /** Base design width the scale is measured against (docs/design.md section 8). */
  designWidth: 1_920,
  minScale: 0.5,
  /** Spark particles at settle for the rarities that sound high; none for the others. */
  sparks: { red: 18, gold: 30, orange: 44 } as Partial<Record<ItemRarity, number>>,
  /** Particles are removed at the latest this long after they start (document 1 section 9: particle cleaner 10 s). */
  particleCleanerMs: 10_000,
} as const;

/** What a roulette card needs from an item: its rarity name (the server's, any of core's ITEM_RARITIES). */
export type RouletteEntry = { readonly rarity: string };

/** Input of a spin: the server's result and how to show it. */
export type RoulettePlanInput<T extends RouletteEntry> = {
  /** The item the server chose and recorded. */
  readonly winner: T;
  /** The case's items; repeated to {@link ROULETTE.poolSize} entries. */
  readonly pool: readonly T[];
  /** Width of the visible strip in px. */
  readonly viewportWidth: number;
  /** Card scale (see {@link rouletteScale}); 1 when not given. */
  readonly scale?: number;
  /** Decoration only; seed it from the drop's hash so a replay looks the same. */
  readonly random: RandomSource;
  /** The spin length the server asked for (arena-unbox.roll's roll.duration); else 5000, or 2000 with `fast`. */
  readonly durationMs?: number;
  readonly fast?: boolean;
  /** prefers-reduced-motion: no travel, the winner shown centred at once. */
  readonly reducedMotion?: boolean;
  /** Performance mode: no particles. */
  readonly performance?: boolean;
};

/** A tick sound moment: a card edge passing the centre marker. */
export type RouletteTick = { readonly atMs: number; readonly index: number };

/** Everything the scene draws; plain data (it can cross a worker boundary or be logged). */
export type RoulettePlan<T extends RouletteEntry> = {
  readonly strip: readonly T[];
  readonly itemWidth: number;
  readonly itemHeight: number;
  readonly scale: number;
  readonly viewportWidth: number;
  /** The strip coordinate under the marker at the start: the centre of card `startIndex`. */
  readonly startIndex: number;
  /** The winner's index in the strip. */
  readonly landingIndex: number;
  /** Px from the winner card's left edge where the spin stops, before the settle centres it. */
  readonly landingOffset: number;
  /** Strip translation (x of card 0's left edge in the viewport) at the start, when the spin stops, and at the end. */
  readonly startX: number;
  readonly spinEndX: number;
  readonly endX: number;
  /** Screen px the strip runs during the spin (0 with reduced motion). */
  readonly travel: number;
  readonly spinMs: number;
  readonly settleMs: number;
  readonly totalMs: number;
  /** The spin's curve: ease-out of this power; the settle is a cubic ease-in-out. */
  readonly easePower: number;
  readonly ticks: readonly RouletteTick[];
  readonly rarity: ItemRarity;
  /** Reveal sound level of the winner's rarity. */
  readonly sound: RaritySoundLevel;
  /** Spark particles at settle: by rarity, 0 in performance mode or with reduced motion. */
  readonly sparks: number;
};

/** Card scale for a window width: width / 1920, at least 0.5 and at most 1. */
export function rouletteScale(windowWidth: number): number {
  if (!Number.isFinite(windowWidth) || windowWidth <= 0) return 1;
  return Math.min(1, Math.max(ROULETTE.minScale, windowWidth / ROULETTE.designWidth));
}

/** The pool repeated in order until it has `size` entries (a longer pool is kept whole). */
export function fillPool<T>(pool: readonly T[], size: number = ROULETTE.poolSize): T[] {
  if (pool.length === 0) throw new RangeError('a roulette needs at least one item in its pool');
  if (pool.length >= size) return [...pool];
  return Array.from({ length: size }, (_, i) => pool[i % pool.length]!);
}

/** Spark particles for a rarity: only the high-sounding ones sparkle; none in performance mode. */
export function sparkCount(rarity: ItemRarity, performance = false): number {
  if (performance) return 0;
  return ROULETTE.sparks[rarity] ?? 0;
}

/** The spin's ease-out: 1 - (1 - u)^power for u in 0..1. */
export function easeOut(u: number, power: number = ROULETTE.easePower): number {
  const clamped = Math.min(1, Math.max(0, u));
  return 1 - (1 - clamped) ** power;
}

/** The inverse of {@link easeOut}: the time fraction at which the eased position reaches y. */
export function easeOutInverse(y: number, power: number = ROULETTE.easePower): number {
  const clamped = Math.min(1, Math.max(0, y));
  return 1 - (1 - clamped) ** (1 / power);
}

/** The settle's cubic ease-in-out for u in 0..1. */
export function easeInOut(u: number): number {
  const c = Math.min(1, Math.max(0, u));
  return c < 0.5 ? 4 * c * c * c : 1 - (-2 * c + 2) ** 3 / 2;
}

function assertInput<T extends RouletteEntry>(input: RoulettePlanInput<T>, scale: number): void {
  if (!Number.isFinite(input.viewportWidth) || input.viewportWidth <= 0) throw new RangeError(`viewport width must be positive, got ${input.viewportWidth}`);
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`scale must be positive, got ${scale}`);
  if (input.durationMs !== undefined && (!Number.isFinite(input.durationMs) || input.durationMs < 0)) throw new RangeError(`duration must be a non-negative number of ms, got ${input.durationMs}`);
}

/**
 * Plans one spin to the server's winner. The strip starts with the marker on the centre of card
 * `startIndex`, runs `travel` px (uniform in 4000..5000 times the scale) with an ease-out, stops
 * at a seeded point inside the winner's card, then settles onto its exact centre.
 */
export function planRoulette<T extends RouletteEntry>(input: RoulettePlanInput<T>): RoulettePlan<T> {
  const scale = input.scale ?? 1;
  assertInput(input, scale);
  const { viewportWidth, random } = input;
  const w = ROULETTE.itemWidth * scale;
  const half = viewportWidth / 2;
  const rarity = toItemRarity(input.winner.rarity);
  const reduced = input.reducedMotion === true;
  // Enough cards left of the marker to fill the viewport's left half at the start.
  const startIndex = Math.ceil(half / w);
  const m0 = (startIndex + 0.5) * w;

  let landingIndex = startIndex;
  let landingFraction = 0.5;
  let travel = 0;
  if (!reduced) {
    const min = ROULETTE.travel.min * scale;
    const max = ROULETTE.travel.max * scale;
    const target = min + random() * (max - min);
    landingFraction = 0.5 + (random() * 2 - 1) * ROULETTE.landingSpread;
    landingIndex = Math.round((m0 + target) / w - landingFraction);
    // A card is narrower than the travel window, so one step always brings it back inside.
    while ((landingIndex + landingFraction) * w - m0 < min) landingIndex += 1;
    while ((landingIndex + landingFraction) * w - m0 > max) landingIndex -= 1;
    travel = (landingIndex + landingFraction) * w - m0;
  }

  // Enough cards right of the winner to fill the viewport's right half at the end.
  const length = landingIndex + 1 + Math.ceil(half / w) + 1;
  const deck = shuffled(random, fillPool(input.pool));
  const strip = Array.from({ length }, (_, i) => (i === landingIndex ? input.winner : deck[i % deck.length]!));

  const spinMs = reduced ? 0 : (input.durationMs ?? (input.fast ? ROULETTE.fastSpinMs : ROULETTE.spinMs));
  const settleMs = reduced ? 0 : input.fast ? ROULETTE.fastSettleMs : ROULETTE.settleMs;
  const startX = half - m0;
  const spinEndX = startX - travel;
  const endX = half - (landingIndex + 0.5) * w;

  const ticks: RouletteTick[] = [];
  if (travel > 0 && spinMs > 0) {
    for (let k = startIndex + 1; k * w <= m0 + travel; k++) {
      ticks.push({ atMs: spinMs * easeOutInverse((k * w - m0) / travel), index: k });
    }
  }
  return {
    strip,
    itemWidth: w,
    itemHeight: ROULETTE.itemHeight * scale,
    scale,
    viewportWidth,
    startIndex,
    landingIndex,
    landingOffset: landingFraction * w,
    startX,
    spinEndX,
    endX,
    travel,
    spinMs,
    settleMs,
    totalMs: spinMs + settleMs,
    easePower: ROULETTE.easePower,
    ticks,
    rarity,
    sound: ITEM_RARITY_STYLE[rarity].sound,
    sparks: reduced ? 0 : sparkCount(rarity, input.performance === true),
  };
}

/** The strip translation at `t` ms after the start; exactly `endX` from `totalMs` on. */
export function positionAt(plan: RoulettePlan<RouletteEntry>, t: number): number {
  if (!(t > 0)) return plan.startX;
  if (t >= plan.totalMs) return plan.endX;
  if (t < plan.spinMs) return plan.startX - plan.travel * easeOut(t / plan.spinMs, plan.easePower);
  return plan.spinEndX + (plan.endX - plan.spinEndX) * easeInOut((t - plan.spinMs) / plan.settleMs);
}

/** The strip coordinate under the centre marker at `t`: independent of the viewport, so a resize mid-spin keeps the landing. */
export function markerAt(plan: RoulettePlan<RouletteEntry>, t: number): number {
  return plan.viewportWidth / 2 - positionAt(plan, t);
}

/** The index of the card under the centre marker at `t`. */
export function indexAt(plan: RoulettePlan<RouletteEntry>, t: number): number {
  return Math.floor(markerAt(plan, t) / plan.itemWidth);
}

/** Where a spin is at `t`. */
export type RoulettePhase = 'spinning' | 'settling' | 'settled';

/** The phase at `t` ms after the start. */
export function phaseAt(plan: RoulettePlan<RouletteEntry>, t: number): RoulettePhase {
  if (t >= plan.totalMs) return 'settled';
  return t < plan.spinMs ? 'spinning' : 'settling';
}

/** Cards whose box overlaps the viewport when the strip sits at `x`: the first and last index (inclusive). */
export function visibleRange(plan: RoulettePlan<RouletteEntry>, x: number, viewportWidth: number = plan.viewportWidth): { first: number; last: number } {
  const first = Math.max(0, Math.floor(-x / plan.itemWidth));
  const last = Math.min(plan.strip.length - 1, Math.ceil((viewportWidth - x) / plan.itemWidth) - 1);
  return { first, last };
}
