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

/** The player's open game, if any (chicken.active): a reload resumes it. */
export function chickenActiveQueryOptions() {
  return queryOptions({ queryKey: chickenKeys.active, queryFn: ({ signal }) => rpc.call('chicken.active', {}, { signal }) });
}

/** The player's own finished games (chicken.history). */
export function chickenHistoryQueryOptions() {
  return queryOptions({ queryKey: chickenKeys.history, queryFn: ({ signal }) => rpc.call('chicken.history', {}, { signal }) });
}

/** Everyone's latest finished games (chicken.recent); the CHICKEN room adds to it live. */
export function chickenRecentQueryOptions() {
  return queryOptions({ queryKey: chickenKeys.recent, queryFn: ({ signal }) => rpc.call('chicken.recent', {}, { signal }) });
}

/** One game by its hash (chicken.game), with its steps and player. */
export function chickenGameQueryOptions(hash: string) {
  return queryOptions({ queryKey: chickenKeys.game(hash), queryFn: ({ signal }) => rpc.call('chicken.game', { hash }, { signal }), retry: false });
}
