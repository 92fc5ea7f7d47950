import { queryOptions } from '@tanstack/react-query';
import type { MethodResult } from '../../contract/index.ts';
import { RpcNetworkError, rpc } from '../../net/index.ts';
import { withOfflineCopy } from '../../storage/offline-cache.ts';
import { caseKeys } from './keys.ts';

const offline = (error: unknown) => error instanceof RpcNetworkError;

export { caseKeys };

/** A case as case.getBoxByKey answers it. */
export type CaseBox = MethodResult<'case.getBoxByKey'>['box'];
/** An item a case can drop. */
export type CaseItem = MethodResult<'case.getBoxByKey'>['items'][number];
/** arena.game of a personal unbox game. */
export type UnboxDetail = Extract<MethodResult<'arena.game'>, { game: { type: 'unbox' } }>;

/** Every case that can be opened, cheapest first (case.getCases). */
export function casesQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.list,
    queryFn: ({ signal }) => withOfflineCopy(caseKeys.list, () => rpc.call('case.getCases', {}, { signal }), offline),
    staleTime: 5 * 60_000,
  });
}

/** One case by its key, with its items in slot order (case.getBoxByKey); kept in Dexie, so a case seen once opens offline. */
export function caseQueryOptions(key: string) {
  return queryOptions({
    queryKey: caseKeys.one(key),
    queryFn: ({ signal }) => withOfflineCopy(caseKeys.one(key), () => rpc.call('case.getBoxByKey', { key }, { signal }), offline),
    staleTime: 5 * 60_000,
  });
}

/** A personal unbox game by its token (arena.game), with its drops and their fairness records. */
export function unboxGameQueryOptions(token: string) {
  return queryOptions({
    queryKey: caseKeys.game(token),
    queryFn: async ({ signal }) => {
      const detail = await withOfflineCopy(caseKeys.game(token), () => rpc.call('arena.game', { hash: token }, { signal }), offline);
      if (detail.game.type !== 'unbox') throw new Error('This game is a battle, not an unbox game.');
      return detail as UnboxDetail;
    },
  });
}

/** A case table as case-table.get answers it. */
export type CaseTableDetail = MethodResult<'case-table.get'>;

/** Query key of a case table. */
export const caseTableKey = (id: string) => ['cases', 'table', id] as const;

/** A case table with its case and latest drops (case-table.get); live updates patch it (use-case-table.ts). */
export function caseTableQueryOptions(id: string) {
  return queryOptions({
    queryKey: caseTableKey(id),
    queryFn: ({ signal }) => rpc.call('case-table.get', { id }, { signal }),
    staleTime: 30_000,
  });
}
