import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Rooms, type ServerMessageData } from '../../contract/index.ts';
import { socket } from '../../net/index.ts';
import { myGamesQueryOptions } from './my-games.ts';
import { battleKeys, patchGame, patchLobby, patchMessage, patchRoll } from './queries.ts';

type LobbyEvent =
  | 'LOBBY_GAME_CREATED' | 'LOBBY_GAME_UPDATED' | 'LOBBY_GAME_JOINED' | 'LOBBY_GAME_LEAVED' | 'LOBBY_GAME_PROCESS' | 'LOBBY_GAME_CLOSED'
  | 'LOBBY_SPONSOR_CREATED' | 'LOBBY_SPONSOR_JOINED' | 'LOBBY_SPONSOR_UPDATED';
// The sponsor messages carry the battle as it is after the change too (docs/decisions/0050).
const LOBBY_EVENTS: readonly LobbyEvent[] = [
  'LOBBY_GAME_CREATED', 'LOBBY_GAME_UPDATED', 'LOBBY_GAME_JOINED', 'LOBBY_GAME_LEAVED', 'LOBBY_GAME_PROCESS', 'LOBBY_GAME_CLOSED',
  'LOBBY_SPONSOR_CREATED', 'LOBBY_SPONSOR_JOINED', 'LOBBY_SPONSOR_UPDATED',
];

/**
 * Keeps the lobby live: joins the LOBBY room and patches every LOBBY_GAME_* into the lobby
 * cache. Personal battles speak in the player's own room instead, with the same events. After a
 * reconnect that lost events (ROOM_RESYNC) the lobby is fetched again.
 */
export function useLobbyLive(myHash: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const leave = socket.subscribe(Rooms.lobby);
    const offs = LOBBY_EVENTS.map((type) =>
      socket.on(type, (data: ServerMessageData<LobbyEvent>) => {
        const users = 'users' in data ? data.users : 'user' in data ? [data.user] : [];
        const mine = myHash !== null && data.game.user_hashes.includes(myHash);
        patchLobby(queryClient, data.game, users, mine);
        // The header's counts of the player's battles follow their own battles.
        if (mine || type === 'LOBBY_GAME_LEAVED') void queryClient.invalidateQueries({ queryKey: myGamesQueryOptions().queryKey });
      }),
    );
    const offResync = socket.on('ROOM_RESYNC', ({ room }) => {
      if (room === Rooms.lobby) void queryClient.invalidateQueries({ queryKey: battleKeys.lobby });
    });
    return () => {
      leave();
      offResync();
      for (const off of offs) off();
    };
  }, [queryClient, myHash]);
}

/** What the battle page hears besides the cache patches: reactions, to float over the reels (keep it stable: useCallback). */
export type ReactionListener = (reaction: ServerMessageData<'ARENA_GAME_REACTION'>) => void;

/**
 * Keeps one battle live: joins its room (ARENA_GAME[token] for personal battles, [hash]
 * otherwise), patches updates, rolls and messages into the battle's cache, and passes
 * reactions on. A room that lost events is refetched whole.
 */
export function useBattleLive(room: string | null, ref: string, onReaction: ReactionListener): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (room === null) return;
    const inRoom = (frameRoom: string | undefined) => frameRoom === room;
    const offs = [
      socket.subscribe(room),
      socket.on('ARENA_GAME_UPDATE', (data, frame) => {
        if (inRoom(frame.room)) patchGame(queryClient, ref, data);
      }),
      socket.on('ARENA_GAME_ROLL', (data, frame) => {
        if (inRoom(frame.room) && 'drops' in data) patchRoll(queryClient, ref, data);
      }),
      socket.on('ARENA_GAME_MESSAGE', (data, frame) => {
        if (inRoom(frame.room)) patchMessage(queryClient, ref, data.message, data.user);
      }),
      socket.on('ARENA_GAME_REACTION', (data, frame) => {
        if (inRoom(frame.room)) onReaction(data);
      }),
      // How many watch this battle now ("N watching").
      socket.on('ONLINE', (data) => {
        if (data.room === room) queryClient.setQueryData(battleKeys.game(ref), (old: { online: number } | undefined) => (old ? { ...old, online: data.online } : old));
      }),
      // Joined (or rejoined) after the page's fetch: whatever happened in between is fetched again.
      socket.on('ROOM_JOINED', (data) => {
        if (data.room === room) void queryClient.invalidateQueries({ queryKey: battleKeys.game(ref) });
      }),
      socket.on('ROOM_RESYNC', (data) => {
        if (data.room === room) void queryClient.invalidateQueries({ queryKey: battleKeys.game(ref) });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, room, ref, onReaction]);
}
