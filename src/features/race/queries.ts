import { queryOptions } from '@tanstack/react-query';
import type { RacePeriod } from '../../core/race-periods.ts';
import { rpc } from '../../net/index.ts';

/** How often the live board is read again while it is on screen. */
export const RACE_REFRESH_MS = 5_000;

/** A race period's leaderboard (race.leaderboard); `start` picks a past period. */
export function raceQueryOptions(period: RacePeriod, start?: number) {
  return queryOptions({
    queryKey: ['race', period, start ?? 'current'] as const,
    queryFn: async ({ signal }) => {
      const answer = await rpc.call('race.leaderboard', start === undefined ? { period } : { period, start }, { signal });
      // ends_in counts from the server's clock: the end on this clock is now + ends_in.
      return { ...answer, endsAt: Date.now() + answer.ends_in * 1000 };
    },
    staleTime: RACE_REFRESH_MS,
  });
}
