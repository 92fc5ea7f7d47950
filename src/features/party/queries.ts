import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Rooms, type ServerMessageData } from '../../contract/index.ts';
import { rpc, socket } from '../../net/index.ts';
import { createStore } from '../../ui/store.ts';

export const partyKeys = {
  all: ['party'] as const,
  lobby: ['party', 'lobby'] as const,
  party: (id: string) => ['party', 'one', id] as const,
  tier: (id: string, number: number) => ['party', 'tier', id, number] as const,
};

/** The parties the player may see (event-party.lobby, the CORE_EVENT_PARTY_LOBBY call at load). */
export const lobbyQueryOptions = () => queryOptions({ queryKey: partyKeys.lobby, queryFn: ({ signal }) => rpc.call('event-party.lobby', {}, { signal }), staleTime: 30_000 });

export const partyQueryOptions = (id: string) =>
  queryOptions({ queryKey: partyKeys.party(id), queryFn: ({ signal }) => rpc.call('event-party.get', { id }, { signal }).then((a) => a.party), staleTime: 10_000 });

export const tierQueryOptions = (id: string, number: number) =>
  queryOptions({ queryKey: partyKeys.tier(id, number), queryFn: ({ signal }) => rpc.call('event-party.get-tier', { id, number }, { signal }).then((a) => a.tier), staleTime: 10_000 });

const REFRESH_COALESCE_MS = 1_000;

/** The last tier drawn, for the roulette and the winner banner. */
export const lastRoll = createStore<(ServerMessageData<'STREAM_PARTY_ROLL'> & { at: number }) | null>(null);

/**
 * Joins STREAM_PARTY_LOBBY while mounted (the channel is joined and left, document 3 section 4)
 * and refetches what an event changes.
 */
export function usePartyLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A busy party sends an update per join: refetch at most once a second, not once per event.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void queryClient.invalidateQueries({ queryKey: partyKeys.all });
      }, REFRESH_COALESCE_MS);
    };
    const offs = [
      socket.subscribe(Rooms.partyLobby),
      socket.on('STREAM_PARTY_CREATED', refresh),
      socket.on('STREAM_PARTY_UPDATED', refresh),
      socket.on('STREAM_PARTY_TIER_LOCKED', refresh),
      socket.on('STREAM_PARTY_ROLL', (roll) => {
        lastRoll.set({ ...roll, at: Date.now() });
        refresh();
      }),
      socket.on('ROOM_RESYNC', ({ room }) => {
        if (room === Rooms.partyLobby) refresh();
      }),
    ];
    return () => {
      clearTimeout(pending);
      for (const off of offs) off();
    };
  }, [queryClient]);
}
