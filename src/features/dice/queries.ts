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

export function diceRollQueryOptions(ref: string) {
  return queryOptions({ queryKey: diceKeys.roll(ref), queryFn: ({ signal }) => rpc.call('dice.game', { ref }, { signal }), retry: false });
}
