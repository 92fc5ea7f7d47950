import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** The beacon's newest blocks (beacon.blocks), as /provably-fair/randomorg lists them. */
export function beaconBlocksQueryOptions() {
  return queryOptions({ queryKey: ['fairness', 'beacon'] as const, queryFn: ({ signal }) => rpc.call('beacon.blocks', { count: 10 }, { signal }) });
}

/** One chat rain's participants, beacon and rewards (chat-rain.getRewards), for its fairness page. */
export function rainRecordQueryOptions(hash: string) {
  return queryOptions({ queryKey: ['fairness', 'rain', hash] as const, queryFn: ({ signal }) => rpc.call('chat-rain.getRewards', { rain_hash: hash }, { signal }), retry: false });
}

/** One split-or-steal game with its decisions (chat-steal.get by game hash), for its fairness page. */
export function stealRecordQueryOptions(hash: string) {
  return queryOptions({ queryKey: ['fairness', 'steal', hash] as const, queryFn: ({ signal }) => rpc.call('chat-steal.get', { version: 2, game_hash: hash }, { signal }), retry: false });
}

/** One game's public record by hash, or token for a personal game (arena.game), for /provably-fair/{hash}. */
export function gameRecordQueryOptions(hash: string) {
  return queryOptions({ queryKey: ['fairness', 'game', hash] as const, queryFn: ({ signal }) => rpc.call('arena.game', { hash }, { signal }), retry: false });
}
