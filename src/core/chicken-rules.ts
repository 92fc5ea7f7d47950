// Catch the Chicken (docs/decisions/0017-chicken-and-dice-rules.md). Each step forward draws a
// fair ticket in 1..maxDamage from the player's seed pair: the damage the next car deals. The
// chicken takes hits up to its level's toughness; more damage catches it. Multipliers are
// exact integers in ten-thousandths so server, worker and client agree to the last digit.

import { CHICKEN_RISKS } from '../contract/index.ts';
import { CHICKEN_EDGE_BP } from './games.ts';

export { CHICKEN_RISKS };
export type ChickenRisk = (typeof CHICKEN_RISKS)[number];

/** One risk level's constants. */
export interface ChickenLevel {
  /** The ticket maximum of a step (document 3 section 5: 100, 150 or 300). */
  maxDamage: number;
  /** The most damage the chicken survives; a ticket above it catches the chicken. */
  toughness: number;
  /** Lanes to cross; surviving the last one cashes out by itself. */
  steps: number;
}

export const CHICKEN_LEVELS: Readonly<Record<ChickenRisk, ChickenLevel>> = {
  low: { maxDamage: 100, toughness: 96, steps: 24 },
  medium: { maxDamage: 150, toughness: 132, steps: 22 },
  high: { maxDamage: 300, toughness: 240, steps: 20 },
};

/** Published return to player, in basis points (97.00%): what the game registry's edge leaves. */
export const CHICKEN_RTP_BP = 10_000 - CHICKEN_EDGE_BP;

/** Multipliers are shown and paid in ten-thousandths. */
export const MULTIPLIER_SCALE = 10_000;

export function isChickenRisk(value: string): value is ChickenRisk {
  return (CHICKEN_RISKS as readonly string[]).includes(value);
}

/** Whether a step's ticket (damage) catches the chicken. */
export function chickenCaught(risk: ChickenRisk, ticket: number): boolean {
  const level = CHICKEN_LEVELS[risk];
  if (!Number.isSafeInteger(ticket) || ticket < 1 || ticket > level.maxDamage) throw new RangeError(`ticket ${ticket} outside 1..${level.maxDamage}`);
  return ticket > level.toughness;
}

/** Chance of surviving one step, as a fraction. */
export function chickenStepSurvival(risk: ChickenRisk): number {
  const level = CHICKEN_LEVELS[risk];
  return level.toughness / level.maxDamage;
}

const multiplierCache = new Map<string, number>();

/**
 * The multiplier after `steps` survived steps, in ten-thousandths: RTP / survival^steps,
 * rounded down (exact in BigInt, so every platform gets the same digits). 0 steps is 1x.
 */
export function chickenMultiplier(risk: ChickenRisk, steps: number): number {
  const level = CHICKEN_LEVELS[risk];
  if (!Number.isSafeInteger(steps) || steps < 0 || steps > level.steps) throw new RangeError(`steps ${steps} outside 0..${level.steps}`);
  if (steps === 0) return MULTIPLIER_SCALE;
  const key = `${risk}:${steps}`;
  const cached = multiplierCache.get(key);
  if (cached !== undefined) return cached;
  const n = BigInt(steps);
  const value = Number((BigInt((CHICKEN_RTP_BP * MULTIPLIER_SCALE) / 10_000) * BigInt(level.maxDamage) ** n) / BigInt(level.toughness) ** n);
  multiplierCache.set(key, value);
  return value;
}

/** Every step's multiplier, 1..steps, for the road the page draws. */
export function chickenLadder(risk: ChickenRisk): number[] {
  return Array.from({ length: CHICKEN_LEVELS[risk].steps }, (_, i) => chickenMultiplier(risk, i + 1));
}

/** What a stake pays at a multiplier (ten-thousandths), rounded down to the cent. */
export function payoutOf(bet: number, multiplier: number): number {
  return Math.floor((bet * multiplier) / MULTIPLIER_SCALE);
}

/** The player's rounds the game's list shows, newest first (document 2 section 9: at most 6). */
export const CHICKEN_HISTORY_ROUNDS = 6;

/**
 * A big win, posted to the chat as a game_chicken message (docs/decisions/0017): a cash-out
 * paying 10x the stake or more, or a profit of 100.00 coins or more.
 */
export const CHICKEN_BIG_WIN = { multiple: 10, profitCents: 10_000 } as const;

/** Whether a cash-out of `payout` cents on `bet` is a big win. */
export function isChickenBigWin(bet: number, payout: number): boolean {
  return payout >= bet * CHICKEN_BIG_WIN.multiple || payout - bet >= CHICKEN_BIG_WIN.profitCents;
}

/** A multiplier in ten-thousandths as text: 12345 -> "1.2345". */
export function formatMultiplier(multiplier: number, digits = 2): string {
  return (Math.floor(multiplier / 10 ** (4 - digits)) / 10 ** digits).toFixed(digits);
}

/** One recorded step of a game. */
export interface ChickenStepRecord {
  step: number;
  ticket: number;
  caught: boolean;
}

/** What replaying a game's steps gives: where it ended and what a cash-out there pays (multiplier). */
export interface ChickenReplay {
  survived: number;
  caught: boolean;
  multiplier: number;
  /** The first step whose record disagrees with the rules, or null. */
  mismatch: string | null;
}

/** Replays recorded steps against the rules: the verifier's and the tests' check. */
export function replayChicken(risk: ChickenRisk, steps: readonly ChickenStepRecord[]): ChickenReplay {
  let survived = 0;
  for (const [i, record] of steps.entries()) {
    if (record.step !== i + 1) return { survived, caught: false, multiplier: chickenMultiplier(risk, survived), mismatch: `step ${i + 1} is recorded as ${record.step}` };
    const caught = chickenCaught(risk, record.ticket);
    if (caught !== record.caught) return { survived, caught, multiplier: 0, mismatch: `step ${record.step}: ticket ${record.ticket} ${caught ? 'catches' : 'spares'} the chicken` };
    if (caught) {
      if (i !== steps.length - 1) return { survived, caught, multiplier: 0, mismatch: `steps recorded after the chicken was caught at ${record.step}` };
      return { survived, caught: true, multiplier: 0, mismatch: null };
    }
    survived += 1;
  }
  return { survived, caught: false, multiplier: chickenMultiplier(risk, survived), mismatch: null };
}
