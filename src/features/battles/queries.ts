import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BattleGame, BattleMessage, BattleRoll, MethodResult, PublicUser, RobState, z } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';

/** A battle as the lobby and its page show it. */
export type Battle = z.output<typeof BattleGame>;
/** A player as others see them. */
export type Player = z.output<typeof PublicUser>;
/** arena.game of a battle: the page's and the replay's data. */
export type BattleDetail = Extract<MethodResult<'arena.game'>, { game: { type: 'battle' } }>;
/** arena.lobby's answer. */
export type Lobby = MethodResult<'arena.lobby'>;

/** Query keys of the battles. */
export const battleKeys = {
  all: ['battles'] as const,
  lobby: ['battles', 'lobby'] as const,
  game: (ref: string) => ['battles', 'game', ref] as const,
  /** The public record a fairness replay reads: always fetched fresh, never patched live. */
  record: (ref: string) => ['battles', 'record', ref] as const,
  history: ['battles', 'history'] as const,
};

/** The arena lobby: public battles, the caller's own, the users they name, the arena's rules. */
export function lobbyQueryOptions() {
  return queryOptions({
    queryKey: battleKeys.lobby,
    queryFn: ({ signal }) => rpc.call('arena.lobby', { batch: 'ARENA' }, { signal }),
    staleTime: 15_000,
  });
}

async function fetchBattle(ref: string, signal: AbortSignal): Promise<BattleDetail> {
  const detail = await rpc.call('arena.game', { hash: ref }, { signal });
  if (detail.game.type !== 'battle') throw new Error(`${ref} is not a battle`);
  return detail as BattleDetail;
}

/** One battle by short hash or 32-character token; a GAME_ERROR means it does not exist (the page goes to /battles). */
export function battleQueryOptions(ref: string) {
  return queryOptions({
    queryKey: battleKeys.game(ref),
    queryFn: ({ signal }) => fetchBattle(ref, signal),
    // The socket keeps it current while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A battle's public record as the server has it now, for the fairness replay (the live page's copy lacks what the finish reveals until refetched). */
export function battleRecordQueryOptions(ref: string) {
  return queryOptions({ queryKey: battleKeys.record(ref), queryFn: ({ signal }) => fetchBattle(ref, signal), staleTime: 0, retry: false });
}

/** Ended battles, newest first, page by page (offset: the last battle's hash). */
export function historyQueryOptions() {
  return infiniteQueryOptions({
    queryKey: battleKeys.history,
    queryFn: ({ signal, pageParam }) => rpc.call('arena.history', { list: 'history', count: 20, ...(pageParam ? { offset: pageParam } : {}) }, { signal }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.resume.loaded ? undefined : last.history.at(-1)?.hash),
  });
}

export { battleFairnessPath, battlePath, shortHash } from './paths.ts';

// --- Live patches: each socket event lands in the cache under the key the pages read ----------

/** Merges players into a list by hash (later ones win). */
export function mergeUsers(users: readonly Player[], more: readonly Player[]): Player[] {
  const byHash = new Map(users.map((user) => [user.hash, user]));
  for (const user of more) byHash.set(user.hash, user);
  return [...byHash.values()];
}

/** Puts a battle's new state into the lobby: replaced where listed, added on top when new and open, removed when it ended. */
export function patchLobby(queryClient: QueryClient, game: Battle, users: readonly Player[] = [], mine = false): void {
  queryClient.setQueryData(battleKeys.lobby, (lobby: Lobby | undefined) => {
    if (!lobby) return lobby;
    const ended = game.status === 'finished' || game.status === 'closed';
    const place = <T extends { hash: string; type: string }>(list: readonly T[], add: boolean): (T | Battle)[] => {
      const at = list.findIndex((entry) => entry.hash === game.hash && entry.type === 'battle');
      if (ended) return at === -1 ? [...list] : list.filter((_, i) => i !== at);
      if (at !== -1) return list.map((entry, i) => (i === at ? game : entry));
      return add ? [game, ...list] : [...list];
    };
    return {
      ...lobby,
      public: game.personal ? lobby.public : (place(lobby.public, true) as Battle[]),
      // The player's own games: unbox games and battles side by side.
      personal: place(lobby.personal, mine),
      users: mergeUsers(lobby.users, users),
    };
  });
}

/** A battle's whole state after a change (ARENA_GAME_UPDATE). */
export function patchGame(queryClient: QueryClient, ref: string, update: { game: Battle; users: readonly Player[]; rob: z.output<typeof RobState> | null }): void {
  const before = queryClient.getQueryData<BattleDetail>(battleKeys.game(ref));
  // The finish reveals the server seed in every drop's record and names the won assets: fetch the record again.
  if (before && before.game.status !== 'finished' && update.game.status === 'finished') void queryClient.invalidateQueries({ queryKey: battleKeys.game(ref) });
  queryClient.setQueryData(battleKeys.game(ref), (detail: BattleDetail | undefined) =>
    detail ? { ...detail, game: update.game, users: mergeUsers(detail.users, update.users), modes: { rob: update.rob } } : detail,
  );
}

/** A round's drops as it starts (ARENA_GAME_ROLL): added once, with the items they name. */
export function patchRoll(queryClient: QueryClient, ref: string, roll: z.output<typeof BattleRoll>): void {
  queryClient.setQueryData(battleKeys.game(ref), (detail: BattleDetail | undefined) => {
    if (!detail) return detail;
    const known = new Set(detail.drops.map((drop) => drop.hash));
    const drops = [...detail.drops, ...roll.drops.filter((drop) => !known.has(drop.hash))];
    const items = new Map(detail.items.map((item) => [item.hash, item]));
    for (const item of roll.items) items.set(item.hash, item);
    return { ...detail, drops, items: [...items.values()], game: { ...detail.game, round: Math.max(detail.game.round, roll.round) } };
  });
}

/** A message on the battle's page. */
export function patchMessage(queryClient: QueryClient, ref: string, message: z.output<typeof BattleMessage>, user: Player): void {
  queryClient.setQueryData(battleKeys.game(ref), (detail: BattleDetail | undefined) => {
    if (!detail || detail.messages.some((m) => m.hash === message.hash)) return detail;
    return { ...detail, messages: [...detail.messages, message], users: mergeUsers(detail.users, [user]) };
  });
}
