import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Booster, MethodResult } from '../../contract/index.ts';
import { rpc, socket } from '../../net/index.ts';

/** Query keys of the boosters; under the session's keys, so sign-out drops them (document 1 section 4: logout clears boosters). */
export const boosterKeys = {
  all: ['session', 'boosters'] as const,
  state: ['session', 'boosters', 'state'] as const,
  history: ['session', 'boosters', 'history'] as const,
};

type BoosterState = MethodResult<'booster.load'>;

/** The player's boosters (the CORE_BOOSTER batch of document 1 section 7). */
export function boostersQueryOptions() {
  return queryOptions({
    queryKey: boosterKeys.state,
    queryFn: ({ signal }) => rpc.call('booster.load', { batch: 'CORE_BOOSTER' }, { signal }),
    staleTime: 60_000,
  });
}

/** Document 1 section 4: created adds it; modified removes it when closed, otherwise updates it. */
export function applyBooster(state: BoosterState | undefined, booster: Booster): BoosterState | undefined {
  if (!state) return state;
  const boosters = { ...state.boosters };
  if (booster.status === 'closed') delete boosters[booster.hash];
  else boosters[booster.hash] = booster;
  return { boosters, resume: { boosters_count: Object.keys(boosters).length } };
}

function follow(queryClient: QueryClient, booster: Booster) {
  queryClient.setQueryData<BoosterState>(boosterKeys.state, (state) => applyBooster(state, booster));
  if (booster.status === 'closed') void queryClient.invalidateQueries({ queryKey: boosterKeys.history });
}

/** Keeps the booster state in step with BOOSTER_CREATED / BOOSTER_MODIFIED. */
export function useBoosterSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offCreated = socket.on('BOOSTER_CREATED', (booster) => follow(queryClient, booster));
    const offModified = socket.on('BOOSTER_MODIFIED', (booster) => follow(queryClient, booster));
    return () => {
      offCreated();
      offModified();
    };
  }, [queryClient]);
}

/** Starts a ready booster; the answer updates the state at once (the push follows). */
export async function activateBooster(queryClient: QueryClient, hash: string): Promise<Booster> {
  const { booster } = await rpc.call('booster.activate', { booster_hash: hash });
  follow(queryClient, booster);
  return booster;
}

/** Whether any of `boosters` runs against a clock (a countdown to show, an end to notice). */
export const countsDown = (boosters: readonly Booster[]) => boosters.some((b) => b.active && b.expires_at !== null);

/** Running boosters first (soonest to end first), then ready ones, newest first. */
export function sortBoosters(boosters: readonly Booster[]): Booster[] {
  const rank = (b: Booster) => (b.active ? 0 : 1);
  return boosters.toSorted((a, b) => rank(a) - rank(b) || (a.expires_at ?? Infinity) - (b.expires_at ?? Infinity) || b.id - a.id);
}
