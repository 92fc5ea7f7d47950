/**
 * The socket hub: connections, rooms, and fan-out. Every event published to a room gets the
 * room's next offset and is kept in a short ring, so a client that reconnects can join with
 * the last offset it saw and receive what it missed (or ROOM_RESYNC when that is gone).
 * A frame is serialised once per publish, however many members receive it.
 */
import { Rooms, type ServerMessageData, type ServerMessageType } from '../../src/contract/index.ts';
import { toHash } from '../../src/core/hash-id.ts';

/** One socket as the hub sees it. */
export interface Connection {
  /** Sends one UTF-8 JSON text frame, already encoded (a broadcast encodes it once). */
  send(frame: Buffer): void;
  close(): void;
  userId: number | null;
  sessionId: number | null;
  rooms: Set<string>;
  lastSeen: number;
}

interface Room {
  /** The offset the room started at: above every offset handed out before it (see `highest`). */
  base: number;
  offset: number;
  /** When the last event was published (rooms without members are forgotten after a while). */
  lastAt: number;
  /** The last events, oldest first. */
  recent: { offset: number; frame: Buffer }[];
  members: Set<Connection>;
}

/** A client needs its own room, the lobby and a few game pages; more is a leak or an attack (issue 12). */
export const MAX_ROOMS_PER_CONNECTION = 32;

/**
 * A room nobody is in keeps its recent events this long, so a socket that reconnects can still
 * replay what it missed; then it is forgotten (and a later join with its old offset resyncs).
 */
export const IDLE_ROOM_KEEP_MS = 10 * 60_000;

/** Builds the hub. */
export function createHub(options: { now: () => number; keepPerRoom?: number; maxRoomsPerConnection?: number }) {
  const { now, keepPerRoom = 200, maxRoomsPerConnection = MAX_ROOMS_PER_CONNECTION } = options;
  const rooms = new Map<string, Room>();
  const connections = new Set<Connection>();
  // Offsets only grow, across a room forgotten and made again and across restarts: a new room
  // starts above every offset handed out before it, and a process starts above the last one
  // (the wall clock in microseconds: an earlier process would have had to publish more than a
  // thousand events a millisecond to reach it). So an offset from before always reads as
  // behind the room and resyncs, never as a place to replay from (the chaos run found rejoins
  // after a restart that silently missed events when each process counted from 0).
  let highest = Date.now() * 1000;

  const roomOf = (name: string): Room => {
    let room = rooms.get(name);
    if (!room) {
      highest += 1;
      room = { base: highest, offset: highest, lastAt: now(), recent: [], members: new Set() };
      rooms.set(name, room);
    }
    return room;
  };

  const frame = <T extends ServerMessageType>(type: T, data: ServerMessageData<T>, room?: string, offset?: number): Buffer =>
    Buffer.from(JSON.stringify(room === undefined ? { type, data } : { type, data, room, offset }));

  /** Sends a frame to one connection only (answers, not room events). */
  function reply<T extends ServerMessageType>(conn: Connection, type: T, data: ServerMessageData<T>): void {
    conn.send(frame(type, data));
  }

  /** Publishes an event to a room; answers the offset it got. */
  function publish<T extends ServerMessageType>(roomName: string, type: T, data: ServerMessageData<T>): number {
    const room = roomOf(roomName);
    room.offset += 1;
    if (room.offset > highest) highest = room.offset;
    room.lastAt = now();
    const encoded = frame(type, data, roomName, room.offset);
    room.recent.push({ offset: room.offset, frame: encoded });
    if (room.recent.length > keepPerRoom) room.recent.shift();
    for (const member of room.members) member.send(encoded);
    return room.offset;
  }

  /** Publishes to a player's own room. */
  function toUser<T extends ServerMessageType>(userId: number, type: T, data: ServerMessageData<T>): void {
    publish(Rooms.user(toHash(userId)), type, data);
  }

  /** Joins a room, first replaying events after `after` when given; false when the connection holds too many rooms. */
  function join(conn: Connection, roomName: string, after?: number): boolean {
    if (!conn.rooms.has(roomName) && conn.rooms.size >= maxRoomsPerConnection) return false;
    const room = roomOf(roomName);
    if (after !== undefined && (after > room.offset || after < room.base)) {
      // The offset belongs to an earlier life of the room (forgotten while empty, or a previous
      // process): what the client missed is gone.
      reply(conn, 'ROOM_RESYNC', { room: roomName, offset: room.offset });
    } else if (after !== undefined && after < room.offset) {
      const oldest = room.recent[0]?.offset ?? room.offset + 1;
      if (after + 1 < oldest) reply(conn, 'ROOM_RESYNC', { room: roomName, offset: room.offset });
      else for (const event of room.recent) if (event.offset > after) conn.send(event.frame);
    }
    room.members.add(conn);
    conn.rooms.add(roomName);
    reply(conn, 'ROOM_JOINED', { room: roomName, offset: room.offset });
    return true;
  }

  /** Drops a room nobody is in that has nothing to replay. */
  function forgetIfEmpty(roomName: string): void {
    const room = rooms.get(roomName);
    if (room && room.members.size === 0 && room.offset === room.base) rooms.delete(roomName);
  }

  function leave(conn: Connection, roomName: string): void {
    rooms.get(roomName)?.members.delete(conn);
    conn.rooms.delete(roomName);
    forgetIfEmpty(roomName);
  }

  /** Whether a connection may join a room: a player's own room is theirs alone. */
  function mayJoin(conn: Connection, roomName: string): boolean {
    if (!roomName.startsWith('USER[')) return true;
    return conn.userId !== null && roomName === Rooms.user(toHash(conn.userId));
  }

  function attach(conn: Connection): void {
    connections.add(conn);
  }

  function detach(conn: Connection): void {
    for (const name of conn.rooms) {
      rooms.get(name)?.members.delete(conn);
      forgetIfEmpty(name);
    }
    conn.rooms.clear();
    connections.delete(conn);
  }

  /** Forgets a connection's player (logout): it leaves the personal room and is told LEAVED. */
  function deauthenticate(conn: Connection): void {
    if (conn.userId !== null) leave(conn, Rooms.user(toHash(conn.userId)));
    conn.userId = null;
    conn.sessionId = null;
    reply(conn, 'LEAVED', {});
  }

  /** Deauthenticates every connection of a session, or of every session of a player. */
  function dropSessions(match: { sessionId?: number; userId?: number }): void {
    for (const conn of connections) {
      if ((match.sessionId !== undefined && conn.sessionId === match.sessionId) || (match.userId !== undefined && conn.userId === match.userId)) {
        deauthenticate(conn);
      }
    }
  }

  /** Closes connections silent for longer than `idleMs` (clients ping every 20 s). */
  function sweep(idleMs: number): number {
    const cutoff = now() - idleMs;
    let closed = 0;
    for (const conn of connections) {
      if (conn.lastSeen < cutoff) {
        detach(conn);
        conn.close();
        closed += 1;
      }
    }
    const forgetBefore = now() - IDLE_ROOM_KEEP_MS;
    for (const [name, room] of rooms) if (room.members.size === 0 && room.lastAt < forgetBefore) rooms.delete(name);
    return closed;
  }

  /** Closes every connection (server shutdown). */
  function closeAll(): void {
    for (const conn of connections) {
      detach(conn);
      conn.close();
    }
  }

  return {
    reply, publish, toUser, join, leave, mayJoin, attach, detach, deauthenticate, dropSessions, sweep, closeAll,
    /** Connections and rooms, for the online count and benchmarks. */
    stats: () => ({ connections: connections.size, rooms: rooms.size }),
    /** How many connections are in a room now (a game page's online count). */
    memberCount: (roomName: string) => rooms.get(roomName)?.members.size ?? 0,
    /** A room's latest offset. */
    offsetOf: (roomName: string) => rooms.get(roomName)?.offset ?? 0,
  };
}

/** The hub the server uses. */
export type Hub = ReturnType<typeof createHub>;
