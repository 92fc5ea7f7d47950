import { queryOptions } from '@tanstack/react-query';
import type { MethodResult } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';

export type ChickenGame = MethodResult<'chicken.create'>['game'];
export type ChickenStep = MethodResult<'chicken.step'>['step'];
export type ChickenRecord = MethodResult<'chicken.game'>;

/** Query keys of Catch the Chicken. */
export const chickenKeys = {
  all: ['chicken'] as const,
  active: ['chicken', 'active'] as const,
  history: ['chicken', 'history'] as const,
  recent: ['chicken', 'recent'] as const,
  game: (hash: string) => ['chicken', 'game', hash] as const,
};

export function chickenGameQueryOptions(hash: string) {
  return queryOptions({ queryKey: chickenKeys.game(hash), queryFn: ({ signal }) => rpc.call('chicken.game', { hash }, { signal }), retry: false });
}
