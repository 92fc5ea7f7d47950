import { queryOptions } from '@tanstack/react-query';
import type { MethodResult } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';

export type DiceRoll = MethodResult<'dice.roll'>['roll'];
export type DiceAuto = MethodResult<'dice.auto-start'>['auto'];

/** Query keys of Dice. */
export const diceKeys = {
  all: ['dice'] as const,
  history: ['dice', 'history'] as const,
  recent: ['dice', 'recent'] as const,
  roll: (ref: string) => ['dice', 'roll', ref] as const,
};

/** The player's own latest rolls (dice.history). */
export function diceHistoryQueryOptions() {
  return queryOptions({ queryKey: diceKeys.history, queryFn: ({ signal }) => rpc.call('dice.history', {}, { signal }) });
}

/** Everyone's latest rolls (dice.recent); the DICE room adds to it live. */
export function diceRecentQueryOptions() {
  return queryOptions({ queryKey: diceKeys.recent, queryFn: ({ signal }) => rpc.call('dice.recent', {}, { signal }) });
}

/** One roll by its hash or token (dice.game). */
export function diceRollQueryOptions(ref: string) {
  return queryOptions({ queryKey: diceKeys.roll(ref), queryFn: ({ signal }) => rpc.call('dice.game', { ref }, { signal }), retry: false });
}
