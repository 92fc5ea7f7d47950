import { queryOptions } from '@tanstack/react-query';
import { RpcNetworkError, rpc } from '../../net/index.ts';
import { withOfflineCopy } from '../../storage/offline-cache.ts';

const offline = (error: unknown) => error instanceof RpcNetworkError;

/** Query keys of the case catalogue. */
export const caseKeys = {
  all: ['cases'] as const,
  list: ['cases', 'list'] as const,
  one: (key: string) => ['cases', 'box', key] as const,
};

/** Every case that can be opened, cheapest first (case.getCases). */
export function casesQueryOptions() {
  return queryOptions({
    queryKey: caseKeys.list,
    queryFn: ({ signal }) => withOfflineCopy(caseKeys.list, () => rpc.call('case.getCases', {}, { signal }), offline),
    staleTime: 5 * 60_000,
  });
}

/** One case by its key, with its items in slot order (case.getBoxByKey). */
export function caseQueryOptions(key: string) {
  return queryOptions({
    queryKey: caseKeys.one(key),
    queryFn: ({ signal }) => withOfflineCopy(caseKeys.one(key), () => rpc.call('case.getBoxByKey', { key }, { signal }), offline),
    staleTime: 5 * 60_000,
  });
}

/** A case page's title from its slug: 'neon-rider' -> 'Neon Rider' (document 1 section 2.1). */
export function caseTitleFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
