import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Rooms, type LiveStream } from '../../contract/index.ts';
import { rpc, socket } from '../../net/index.ts';

export const streamKeys = { lobby: ['streams', 'lobby'] as const };

/** The live streams (stream.lobby). */
export function streamsQueryOptions() {
  return queryOptions({ queryKey: streamKeys.lobby, queryFn: ({ signal }) => rpc.call('stream.lobby', {}, { signal }), staleTime: 30_000 });
}

type Lobby = Awaited<ReturnType<NonNullable<ReturnType<typeof streamsQueryOptions>['queryFn']>>>;

/** Keeps the list live: STREAM_ONLINE adds a stream at the top, STREAM_OFFLINE takes it away. */
export function useStreamsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const patch = (change: (streams: LiveStream[]) => LiveStream[]) => {
      // A change that lands while the list is still loading would be lost: the answer on its way
      // may predate it. Ask again instead of patching what is not there yet.
      if (queryClient.getQueryState(streamKeys.lobby)?.fetchStatus !== 'idle' || !queryClient.getQueryData(streamKeys.lobby)) {
        void queryClient.invalidateQueries({ queryKey: streamKeys.lobby });
        return;
      }
      queryClient.setQueryData<Lobby>(streamKeys.lobby, (old) => (old ? { ...old, streams: change(old.streams) } : old));
    };
    const offs = [
      socket.subscribe(Rooms.lobby),
      socket.on('STREAM_ONLINE', ({ stream }) => patch((list) => [stream, ...list.filter((s) => s.hash !== stream.hash)])),
      socket.on('STREAM_OFFLINE', ({ hash }) => patch((list) => list.filter((s) => s.hash !== hash))),
      socket.on('ROOM_RESYNC', ({ room }) => {
        if (room === Rooms.lobby) void queryClient.invalidateQueries({ queryKey: streamKeys.lobby });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
