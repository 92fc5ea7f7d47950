// Boosters (document 1 sections 1, 3 'Booster', 4 'Boosters', 9; docs/decisions/0026):
// the seven kinds, what each is by default, when one is locked, and how its time is shown.

import { BOOSTER_KINDS, type BoosterKind } from '../contract/boosters.ts';

export type { BoosterKind } from '../contract/boosters.ts';

/** ready: owned, not started; active: running; closed: expired or used up (never listed). */
export type BoosterStatus = 'ready' | 'active' | 'closed';

/** What one booster of a kind does; a grant may override any of these. */
export interface BoosterParams {
  /** The player level the booster needs to be activated. */
  level: number;
  /** Thousandths: 2000 doubles (xp, rain share), 1100 adds 10% (deposit). 1000 for kinds without one. */
  multiplier_milli: number;
  /** How long it runs once activated (ms); null: until its uses run out. */
  duration_ms: number | null;
  /** Counted boosters: uses (battle_refund) or cents (deposit_bonus) it can give; null: unlimited while it runs. */
  bonus_max: number | null;
  /** Cents: the dearest thing it pays for (battle_refund: a battle's stake). null: no cap. */
  max_price: number | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The default of each kind (decision 0026). */
export const BOOSTER_DEFAULTS: Readonly<Record<BoosterKind, BoosterParams>> = {
  xp_multiplier: { level: 0, multiplier_milli: 2000, duration_ms: HOUR, bonus_max: null, max_price: null },
  rain_boost: { level: 0, multiplier_milli: 1500, duration_ms: DAY, bonus_max: null, max_price: null },
  deposit_bonus: { level: 0, multiplier_milli: 1100, duration_ms: 7 * DAY, bonus_max: 10_000, max_price: null },
  battle_refund: { level: 0, multiplier_milli: 1000, duration_ms: DAY, bonus_max: 1, max_price: 2_000 },
  auto_join: { level: 0, multiplier_milli: 1000, duration_ms: DAY, bonus_max: null, max_price: null },
  auto_claim: { level: 0, multiplier_milli: 1000, duration_ms: 7 * DAY, bonus_max: null, max_price: null },
  free_access: { level: 0, multiplier_milli: 1000, duration_ms: DAY, bonus_max: null, max_price: null },
};

/** The names players read. */
export const BOOSTER_NAMES: Readonly<Record<BoosterKind, string>> = {
  xp_multiplier: 'XP Multiplier',
  rain_boost: 'Rain Boost',
  deposit_bonus: 'Deposit Bonus',
  battle_refund: 'Battle Refund',
  auto_join: 'Auto-Join',
  auto_claim: 'Auto-Claim',
  free_access: 'Free Access',
};

/** What each kind does, in a line. */
export const BOOSTER_DESCRIPTIONS: Readonly<Record<BoosterKind, string>> = {
  xp_multiplier: 'Multiplies the experience your wagers earn.',
  rain_boost: 'Multiplies your share of every rain you join.',
  deposit_bonus: 'Adds a bonus to your deposits, up to its limit; wager the bonus twice to withdraw it.',
  battle_refund: 'Refunds the stake of a battle you lose, up to its price limit.',
  auto_join: 'Joins you to every rain without the captcha.',
  auto_claim: 'Claims your level rewards as soon as you reach them.',
  free_access: 'Lets you join rains without their wager requirements.',
};

export function isBoosterKind(value: unknown): value is BoosterKind {
  return typeof value === 'string' && (BOOSTER_KINDS as readonly string[]).includes(value);
}

/**
 * Document 1 section 4: locked when bonus_max is present and bonus_left is 0 or empty, or the
 * user level is below the booster's level.
 */
export function boosterLocked(b: { bonus_max: number | null; bonus_left: number | null; level: number }, userLevel: number): boolean {
  if (b.bonus_max !== null && !b.bonus_left) return true;
  return userLevel < b.level;
}

/** Extra (not total) of a multiplier on an amount, rounded down: 2000 on 150 gives 150. */
export function boosterExtra(amount: number, multiplierMilli: number): number {
  return Math.floor((amount * (multiplierMilli - 1000)) / 1000);
}

/** Section 4: the timer turns orange from 5 to 15 minutes left, red at 5 or less. */
export function boosterTimerTone(msLeft: number): 'normal' | 'orange' | 'red' {
  if (msLeft <= 5 * 60_000) return 'red';
  if (msLeft <= 15 * 60_000) return 'orange';
  return 'normal';
}

export const DURATION_OUT_OF_RANGE = 'Time exceeds the supported range';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Section 9: up to 1 hour in minutes, up to 1 day in hours, up to 7 days in days, up to 14
 * days in weeks, beyond that 'Time exceeds the supported range'. Rounded up, so a booster with
 * 30 s left still reads '1 minute' rather than '0 minutes'.
 */
export function formatBoosterDuration(ms: number): string {
  const t = Math.max(0, ms);
  if (t <= HOUR) return plural(Math.max(1, Math.ceil(t / 60_000)), 'minute');
  if (t <= DAY) return plural(Math.ceil(t / HOUR), 'hour');
  if (t <= 7 * DAY) return plural(Math.ceil(t / DAY), 'day');
  if (t <= 14 * DAY) return plural(Math.ceil(t / (7 * DAY)), 'week');
  return DURATION_OUT_OF_RANGE;
}

/** A live countdown, h:mm:ss (or m:ss under an hour), for the header hint and the panel. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Deposit Bonus wagering (docs/decisions/0034): bonus coins stay in play until the player has
 * wagered this many times the bonus in counted wagers (a battle seat once its battle filled:
 * docs/decisions/0049).
 */
export const BONUS_WAGER_MULTIPLE = 2;
