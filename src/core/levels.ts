// Account levels and season ranks (document 1, section 9). The spec gives only sample points
// of the experience curve; docs/design.md section 7: a smooth curve through them, kept here.

/** Highest account level; shown as MAX with a full bar. */
export const MAX_LEVEL = 130;

/** The spec's sample points: [level, cumulative experience needed to reach it]. */
export const LEVEL_SAMPLES: readonly (readonly [level: number, exp: number])[] = [
  [1, 1],
  [2, 100],
  [3, 250],
  [4, 500],
  [10, 6_200],
  [20, 50_000],
  [50, 3_127_000],
  [100, 300_000_000],
  [129, 18_000_000_000],
];

// Monotone cubic Hermite (Fritsch-Carlson) through the samples in log space: smooth, never
// overshooting, so the table rises strictly. Past the last sample it continues at the end slope.
function logCurve(samples: readonly (readonly [number, number])[]): (level: number) => number {
  const xs = samples.map(([level]) => level);
  const ys = samples.map(([, exp]) => Math.log(exp));
  const at = (values: number[], i: number): number => values[i] ?? Number.NaN;
  const secants = xs.slice(1).map((x, i) => (at(ys, i + 1) - at(ys, i)) / (x - at(xs, i)));
  const tangents = xs.map((_, i) => {
    const left = secants[i - 1];
    const right = secants[i];
    if (left === undefined || right === undefined) return left ?? right ?? 0;
    if (left * right <= 0) return 0;
    const hLeft = at(xs, i) - at(xs, i - 1);
    const hRight = at(xs, i + 1) - at(xs, i);
    const wLeft = 2 * hRight + hLeft;
    const wRight = hRight + 2 * hLeft;
    return (wLeft + wRight) / (wLeft / left + wRight / right);
  });
  const last = xs.length - 1;
  return (level) => {
    if (level >= at(xs, last)) return at(ys, last) + at(tangents, last) * (level - at(xs, last));
    const i = Math.max(0, xs.findLastIndex((x) => x <= level));
    const h = at(xs, i + 1) - at(xs, i);
    const t = (level - at(xs, i)) / h;
    const h00 = (1 + 2 * t) * (1 - t) ** 2;
    const h10 = t * (1 - t) ** 2;
    const h01 = t ** 2 * (3 - 2 * t);
    const h11 = t ** 2 * (t - 1);
    return h00 * at(ys, i) + h10 * h * at(tangents, i) + h01 * at(ys, i + 1) + h11 * h * at(tangents, i + 1);
  };
}

function buildLevelTable(): readonly number[] {
  const curve = logCurve(LEVEL_SAMPLES);
  const samples = new Map(LEVEL_SAMPLES);
  const table = [0];
  for (let level = 1; level <= MAX_LEVEL; level++) table.push(samples.get(level) ?? Math.round(Math.exp(curve(level))));
  return Object.freeze(table);
}

/** Cumulative experience needed to reach each level (index = level; level 0 needs 0). */
export const LEVEL_EXP: readonly number[] = buildLevelTable();

function levelExp(level: number): number {
  return LEVEL_EXP[level] ?? Number.POSITIVE_INFINITY;
}

/** The account level reached with `exp` experience: 0 below 1 exp, at most MAX_LEVEL. */
export function levelForExp(exp: number): number {
  let low = 0;
  let high = MAX_LEVEL;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (levelExp(mid) <= exp) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Where an account stands: its level, the bounds of that level, and percent (0..100, floored to 0.01) towards the next. */
export type LevelProgress = {
  level: number;
  level_exp: number;
  level_next: number;
  level_exp_next: number;
  percent: number;
  is_max: boolean;
};

/** Level progress for the header bar and the level lookup (level_exp, level_next, level_exp_next); MAX is a full bar. */
export function levelProgress(exp: number): LevelProgress {
  const level = levelForExp(exp);
  const levelExpNow = levelExp(level);
  if (level === MAX_LEVEL) {
    return { level, level_exp: levelExpNow, level_next: level, level_exp_next: levelExpNow, percent: 100, is_max: true };
  }
  const next = levelExp(level + 1);
  const percent = Math.floor(((exp - levelExpNow) / (next - levelExpNow)) * 10_000) / 100;
  return { level, level_exp: levelExpNow, level_next: level + 1, level_exp_next: next, percent, is_max: false };
}

/** Level colour band 0..5 for levels 1-19, 20-39, 40-59, 60-79, 80-99 and 100+ (level 0 shares band 0). */
export function levelBand(level: number): number {
  return Math.min(5, Math.max(0, Math.floor(level / 20)));
}

/** Season experience the rank thresholds are fractions of. */
export const RANK_SCALE = 100_000;

/** Rank groups, lowest first; each has five steps I..V. */
export const RANK_GROUPS = ['bronze', 'silver', 'gold', 'diamond'] as const;

/** A rank group. */
export type RankGroup = (typeof RANK_GROUPS)[number];

const RANK_STEPS = ['I', 'II', 'III', 'IV', 'V'] as const;

/**
 * Rank thresholds as fractions of RANK_SCALE. The spec gives "0, 0.5%, 1%, 2%, up to 100%";
 * the rest grows about 28% a step (roughly geometric from 2% to 100%), rounded to tidy values.
 */
export const RANK_THRESHOLDS: readonly number[] = [
  0, 0.005, 0.01, 0.02, 0.025, 0.033, 0.042, 0.053, 0.068, 0.087, 0.11, 0.14, 0.18, 0.23, 0.29, 0.375, 0.48, 0.61, 0.78, 1,
];

/** One of the 20 ranks: number 1..20, group, step I..V, display name and the season exp it starts at. */
export type Rank = { rank: number; group: RankGroup; step: (typeof RANK_STEPS)[number]; name: string; exp: number };

/** The 20 ranks, lowest first. */
export const RANKS: readonly Rank[] = RANK_THRESHOLDS.map((fraction, i) => {
  const group = RANK_GROUPS[Math.floor(i / RANK_STEPS.length)] ?? 'diamond';
  const step = RANK_STEPS[i % RANK_STEPS.length] ?? 'V';
  const name = `${group[0]?.toUpperCase()}${group.slice(1)} ${step}`;
  return { rank: i + 1, group, step, name, exp: Math.round(fraction * RANK_SCALE) };
});

/** Season rank standing, with the season_experience fields (rank, rank_next, exp, rank_exp, rank_exp_next). */
export type RankProgress = {
  rank: Rank;
  rank_next: Rank | null;
  exp: number;
  rank_exp: number;
  rank_exp_next: number;
  percent: number;
};

/** The season rank number reached with `exp`: rankForSeasonExp(exp).rank.rank without building the progress (a wager checks it twice). */
export function seasonRankOf(exp: number): number {
  for (let i = RANKS.length - 1; i >= 1; i--) if (RANKS[i]!.exp <= exp) return RANKS[i]!.rank;
  return RANKS[0]!.rank;
}

/** The season rank reached with `exp` season experience, and progress (0..100, floored to 0.01) towards the next. */
export function rankForSeasonExp(exp: number): RankProgress {
  const rank = RANKS.reduce((reached, candidate) => (candidate.exp <= exp ? candidate : reached));
  const next = RANKS[rank.rank] ?? null;
  if (next === null) return { rank, rank_next: null, exp, rank_exp: rank.exp, rank_exp_next: rank.exp, percent: 100 };
  const percent = Math.floor((Math.max(0, exp - rank.exp) / (next.exp - rank.exp)) * 10_000) / 100;
  return { rank, rank_next: next, exp, rank_exp: rank.exp, rank_exp_next: next.exp, percent };
}
