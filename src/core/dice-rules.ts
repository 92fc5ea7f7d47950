// Dice (docs/decisions/0017-chicken-and-dice-rules.md). One fair ticket in 1..10000 per roll;
// the roll is ticket - 1, shown as 0.00..99.99. Targets and chances are in hundredths of a
// percent, so every figure is an integer and server, worker and client agree exactly.
import { DICE_SIDES } from '../contract/index.ts';
import { MULTIPLIER_SCALE } from './chicken-rules.ts';
import { DICE_EDGE_BP } from './games.ts';

/** Ticket maximum of a dice roll: rolls run 0..9999 (0.00..99.99). */
export const DICE_TICKET_MAX = 10_000;
/** Chance range in hundredths of a percent: 0.01% to 98%. */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9_800;
/** House edge in basis points (1%, stated by the game registry): a roll returns 99% on average at any chance. */
export { DICE_EDGE_BP };

export { DICE_SIDES };
export type DiceSide = (typeof DICE_SIDES)[number];

/** The win chance of a target (hundredths of a percent): under wins below it, over at or above it. */
export function diceChance(side: DiceSide, target: number): number {
  return side === 'under' ? target : DICE_TICKET_MAX - target;
}

/** Why a target is refused, or null when its chance is inside 0.01%..98%. */
export function diceTargetProblem(side: DiceSide, target: number): string | null {
  if (!Number.isSafeInteger(target) || target < 0 || target > DICE_TICKET_MAX) return 'target: expected an integer from 0 to 10000 (hundredths)';
  const chance = diceChance(side, target);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) return 'target: the chance must be from 0.01% to 98%';
  return null;
}

/** The target for a chance on a side (the inverse of diceChance). */
export function diceTarget(side: DiceSide, chance: number): number {
  return side === 'under' ? chance : DICE_TICKET_MAX - chance;
}

/** Payout multiplier in ten-thousandths: (100% - edge) / chance, rounded down. */
export function diceMultiplier(chance: number): number {
  if (!Number.isSafeInteger(chance) || chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) throw new RangeError(`chance ${chance} outside ${DICE_MIN_CHANCE}..${DICE_MAX_CHANCE}`);
  return Math.floor(((10_000 - DICE_EDGE_BP) * MULTIPLIER_SCALE) / chance);
}

/** The roll a ticket shows (0..9999). */
export function diceRollOf(ticket: number): number {
  if (!Number.isSafeInteger(ticket) || ticket < 1 || ticket > DICE_TICKET_MAX) throw new RangeError(`ticket ${ticket} outside 1..${DICE_TICKET_MAX}`);
  return ticket - 1;
}

/** Whether a roll wins on a side and target. */
export function diceWins(side: DiceSide, target: number, roll: number): boolean {
  return side === 'under' ? roll < target : roll >= target;
}

/** A roll or target in hundredths as text: 4999 -> "49.99". */
export function formatHundredths(value: number): string {
  return (value / 100).toFixed(2);
}
