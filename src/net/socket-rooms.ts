/**
 * The socket's rooms: leaving one is delayed (a page that unmounts and mounts again does not
 * drop its events), a room stays joined while anyone subscribes, and every room's last offset
 * is remembered so that a reconnect joins again from there and the server replays what was
 * missed.
 */
import type { ClientFrame } from '../contract/index.ts';

/** One joined room: its subscribers, the last offset seen, and its pending leave. */
export interface RoomState {
  refs: number;
  offset?: number;
  leaveTimer?: ReturnType<typeof setTimeout>;
}

export interface RoomsOptions {
  send(frame: ClientFrame): boolean;
  leaveDelayMs: number;
  /** A room was left after its delay. */
  onLeft(room: string): void;
}

/** Builds the room book of one socket. */
export function createRooms({ send, leaveDelayMs, onLeft }: RoomsOptions) {
  const rooms = new Map<string, RoomState>();

  function release(room: string): void {
    const state = rooms.get(room);
    if (!state || state.refs === 0) return;
    state.refs -= 1;
    if (state.refs > 0) return;
    state.leaveTimer = setTimeout(() => {
      rooms.delete(room);
      send({ type: 'leave-room', data: { room } });
      onLeft(room);
    }, leaveDelayMs);
  }

  return {
    /** After a (re)connect: joins every room again from its last offset; a room waiting to be left is left now. */
    rejoin(): void {
      for (const [room, state] of rooms) {
        if (state.leaveTimer !== undefined) {
          clearTimeout(state.leaveTimer);
          rooms.delete(room);
          onLeft(room);
        } else {
          send({ type: 'join-room', data: { room, offset: state.offset } });
        }
      }
    },
    /** Joins a room (or keeps it, if its leave is still pending); answers the unsubscribe. */
    subscribe(room: string): () => void {
      let state = rooms.get(room);
      if (!state) rooms.set(room, (state = { refs: 0 }));
      state.refs += 1;
      if (state.leaveTimer !== undefined) {
        clearTimeout(state.leaveTimer);
        delete state.leaveTimer;
      } else if (state.refs === 1) {
        send({ type: 'join-room', data: { room, offset: state.offset } });
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        release(room);
      };
    },
    /** The state of a joined room, where its offset is kept. */
    state: (room: string): RoomState | undefined => rooms.get(room),
  };
}
