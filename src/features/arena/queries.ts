import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** Query key of the arena's figures; the LOBBY room's messages patch it (arena-pages.tsx). */
export const arenaStatsKey = ['arena', 'statistics'] as const;

/** The arena's figures: games, players online, the biggest wins (arena.statistics). */
export function arenaStatsQueryOptions() {
  return queryOptions({ queryKey: arenaStatsKey, queryFn: ({ signal }) => rpc.call('arena.statistics', {}, { signal }), staleTime: 30_000 });
}
