/**
 * The socket hub: connections, rooms, and fan-out. Every event published to a room gets the
 * room's next offset and is kept in a short ring, so a client that reconnects can join with
 * the last offset it saw and receive what it missed (or ROOM_RESYNC when that is gone).
 * A frame is serialised once per publish, however many members receive it.
 *
 * With a relay (REDIS_URL, several processes: docs/decisions/0031) the relay numbers each
 * room's events for every process at once and keeps the replay ring; a publish goes out
 * through it and comes back to every process, this one included, in offset order. Without one
 * (the default) everything below stays in this process.
 */
import { Rooms, type ServerMessageData, type ServerMessageType } from '../../src/contract/index.ts';
import { toHash } from '../../src/core/hash-id.ts';
import { COMMITTED, type CommitGate } from '../db/transaction.ts';

/** One socket as the hub sees it. */
export interface Connection {
  /** Sends one UTF-8 JSON text frame, already encoded (a broadcast encodes it once). */
  send(frame: Buffer): void;
  close(): void;
  userId: number | null;
  sessionId: number | null;
  rooms: Set<string>;
  /**
   * When the client last sent a frame, on the process's monotonic clock (performance.now()):
   * a socket's liveness is wall time, not the game clock a test or the sim console moves.
   */
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
  /**
   * Relay only: members that joined at offset N take frames after N alone (a frame numbered
   * before their join may still be on its way from the relay, and the replay already had it).
   */
  floor?: Map<Connection, number>;
  /** Relay only: connections waiting for the room's history, with the frames that came meanwhile. */
  pending?: Map<Connection, { offset: number; frame: Buffer }[]>;
}

/** What a room looks like in the relay when a connection joins it. */
export interface RoomHistory {
  /** The first offset of the room's current life (an older one resyncs). */
  base: number;
  /** Its latest offset. */
  offset: number;
  /** Events after the asked offset, oldest first (the relay keeps the last few hundred). */
  events: { offset: number; frame: Buffer }[];
  /** The oldest offset the relay still keeps, or offset + 1 when it keeps none. */
  oldest: number;
}

/** Carries room events between processes (Redis: sim-server/cluster/broker.ts). */
export interface RoomRelay {
  /**
   * Numbers and sends one event: `head` is the frame's JSON up to its offset
   * (`{"type":..,"data":..,"room":..,"offset":`); every process's hub gets it back through `deliver`.
   */
  publish(room: string, head: string): void;
  /** The room's offsets, and the kept events after `after` (none when `after` is undefined). */
  history(room: string, after: number | undefined): Promise<RoomHistory>;
}

/** Connections and room members on the other processes (kept by the relay's live counts). */
export interface RemoteCounts {
  connections: number;
  members: Map<string, number>;
}

/** A client needs its own room, the lobby and a few game pages; more is a leak or an attack (issue 12). */
export const MAX_ROOMS_PER_CONNECTION = 32;

/**
 * A room nobody is in keeps its recent events this long, so a socket that reconnects can still
 * replay what it missed; then it is forgotten (and a later join with its old offset resyncs).
 */
export const IDLE_ROOM_KEEP_MS = 10 * 60_000;

/** Builds the hub. */
export function createHub(options: { now: () => number; keepPerRoom?: number; maxRoomsPerConnection?: number; relay?: RoomRelay; commits?: CommitGate }) {
  const { now, keepPerRoom = 200, maxRoomsPerConnection = MAX_ROOMS_PER_CONNECTION, relay, commits = COMMITTED } = options;
  let remote: RemoteCounts = { connections: 0, members: new Map() };
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

  /**
   * Writes to one connection, after the pending commit if there is one: a frame may tell of
   * writes not yet durable (docs/decisions/0043). Held frames go out in the order they were sent.
   */
  function sendTo(conn: Connection, encoded: Buffer): void {
    if (commits.pending) commits.whenCommitted(() => conn.send(encoded));
    else conn.send(encoded);
  }

  /** Sends a frame to one connection only (answers, not room events). */
  function reply<T extends ServerMessageType>(conn: Connection, type: T, data: ServerMessageData<T>): void {
    sendTo(conn, frame(type, data));
  }

  /** Publishes an event to a room; answers the offset it got. */
  function publish<T extends ServerMessageType>(roomName: string, type: T, data: ServerMessageData<T>): number {
    if (relay) {
      const head = JSON.stringify({ type, data, room: roomName, offset: 0 }).slice(0, -2);
      if (commits.pending) commits.whenCommitted(() => relay.publish(roomName, head));
      else relay.publish(roomName, head);
      return 0;
    }
    const room = roomOf(roomName);
    room.offset += 1;
    if (room.offset > highest) highest = room.offset;
    room.lastAt = now();
    const encoded = frame(type, data, roomName, room.offset);
    room.recent.push({ offset: room.offset, frame: encoded });
    if (room.recent.length > keepPerRoom) room.recent.shift();
    if (commits.pending) {
      // The event takes its offset now, so a join meanwhile sees it in the room's history; the
      // members of this moment get it once the commit is durable.
      const to = [...room.members];
      commits.whenCommitted(() => {
        for (const member of to) if (member.rooms.has(roomName)) member.send(encoded);
      });
    } else {
      for (const member of room.members) member.send(encoded);
    }
    return room.offset;
  }

  /**
   * Publishes to a player's own room. Without a relay, a room this process does not hold has no
   * member and nothing to replay, and is skipped: a join made later starts a new room, above
   * every offset handed out before (a client's old offset resyncs), and a join without an
   * offset replays nothing, so the event would reach nobody either way. Most wagers are made
   * by players with no socket here (decision 0045: the frame cost a counted wager ~4 µs).
   */
  function toUser<T extends ServerMessageType>(userId: number, type: T, data: ServerMessageData<T>): void {
    const roomName = Rooms.user(toHash(userId));
    if (!relay && !rooms.has(roomName)) return;
    publish(roomName, type, data);
  }

  /**
   * Relay only: an event numbered by the relay reaches this process (every event of every room
   * does, in offset order): it goes to the room's members here, if any.
   */
  function deliver(roomName: string, offset: number, encoded: Buffer): void {
    const room = rooms.get(roomName);
    if (!room) return;
    if (offset > room.offset) room.offset = offset;
    room.lastAt = now();
    if (room.pending) for (const queue of room.pending.values()) queue.push({ offset, frame: encoded });
    for (const member of room.members) {
      const floor = room.floor?.get(member);
      if (floor !== undefined) {
        if (offset <= floor) continue;
        room.floor!.delete(member);
      }
      member.send(encoded);
    }
  }

  /** Sends what a joining connection missed (or ROOM_RESYNC) from a room's offsets and kept events. */
  function catchUp(conn: Connection, roomName: string, after: number | undefined, history: Pick<RoomHistory, 'base' | 'offset' | 'oldest' | 'events'>): void {
    if (after !== undefined && (after > history.offset || after < history.base)) {
      // The offset belongs to an earlier life of the room (forgotten while empty, or a previous
      // process): what the client missed is gone.
      reply(conn, 'ROOM_RESYNC', { room: roomName, offset: history.offset });
    } else if (after !== undefined && after < history.offset) {
      if (after + 1 < history.oldest) reply(conn, 'ROOM_RESYNC', { room: roomName, offset: history.offset });
      else for (const event of history.events) if (event.offset > after) sendTo(conn, event.frame);
    }
  }

  /** Relay only: joins once the relay answered the room's history; frames meanwhile are queued, then sent in order. */
  function joinThroughRelay(conn: Connection, roomName: string, after: number | undefined, link: RoomRelay): void {
    const room = roomOf(roomName);
    room.pending ??= new Map();
    const queue: { offset: number; frame: Buffer }[] = [];
    room.pending.set(conn, queue);
    conn.rooms.add(roomName);
    const settle = (history: RoomHistory | null) => {
      if (room.pending?.get(conn) !== queue) return;
      room.pending.delete(conn);
      // Left, closed or rejoined while the relay answered.
      if (!conn.rooms.has(roomName) || rooms.get(roomName) !== room) return;
      if (!history) {
        conn.rooms.delete(roomName);
        reply(conn, 'SOCKET_ERROR', { code: 'UNAVAILABLE', message: `cannot join ${roomName} now: try again` });
        return;
      }
      if (history.offset > room.offset) room.offset = history.offset;
      catchUp(conn, roomName, after, history);
      reply(conn, 'ROOM_JOINED', { room: roomName, offset: history.offset });
      for (const event of queue) if (event.offset > history.offset) sendTo(conn, event.frame);
      const last = queue.at(-1)?.offset ?? history.offset;
      room.floor ??= new Map();
      room.floor.set(conn, Math.max(last, history.offset));
      room.members.add(conn);
    };
    link.history(roomName, after).then(settle, () => settle(null));
  }

  /** Joins a room, first replaying events after `after` when given; false when the connection holds too many rooms. */
  function join(conn: Connection, roomName: string, after?: number): boolean {
    if (!conn.rooms.has(roomName) && conn.rooms.size >= maxRoomsPerConnection) return false;
    if (relay) {
      if (conn.rooms.has(roomName) && rooms.get(roomName)?.members.has(conn)) {
        reply(conn, 'ROOM_JOINED', { room: roomName, offset: rooms.get(roomName)!.offset });
      } else {
        joinThroughRelay(conn, roomName, after, relay);
      }
      return true;
    }
    const room = roomOf(roomName);
    if (after !== undefined) catchUp(conn, roomName, after, { base: room.base, offset: room.offset, oldest: room.recent[0]?.offset ?? room.offset + 1, events: room.recent });
    room.members.add(conn);
    conn.rooms.add(roomName);
    reply(conn, 'ROOM_JOINED', { room: roomName, offset: room.offset });
    return true;
  }

  /** Drops a room nobody is in that has nothing to replay. */
  function forgetIfEmpty(roomName: string): void {
    const room = rooms.get(roomName);
    if (room && room.members.size === 0 && !room.pending?.size && (relay || room.offset === room.base)) rooms.delete(roomName);
  }

  function drop(conn: Connection, roomName: string): void {
    const room = rooms.get(roomName);
    if (!room) return;
    room.members.delete(conn);
    room.floor?.delete(conn);
    room.pending?.delete(conn);
  }

  function leave(conn: Connection, roomName: string): void {
    drop(conn, roomName);
    conn.rooms.delete(roomName);
    forgetIfEmpty(roomName);
  }

  /** Whether a connection may join a room: a player's own room is theirs alone. */
  function mayJoin(conn: Connection, roomName: string): boolean {
    if (!roomName.startsWith('USER[')) return true;
    return conn.userId !== null && roomName === Rooms.user(toHash(conn.userId));
  }

  /** A frame every connection gets as it connects: a state that lasts, such as a maintenance (docs/decisions/0050). */
  let greeting: Buffer | null = null;

  function attach(conn: Connection): void {
    connections.add(conn);
    if (greeting) sendTo(conn, greeting);
  }

  /** Sets (or with null clears) the frame each new connection gets first. */
  function greet<T extends ServerMessageType>(type: T, data: ServerMessageData<T> | null): void {
    greeting = data === null ? null : frame(type, data);
  }

  /**
   * Sends a frame to every connection of this process, signed in or not: not a room's event
   * (no offset, nothing to replay). Every process sends its own (docs/decisions/0050).
   */
  function broadcast<T extends ServerMessageType>(type: T, data: ServerMessageData<T>): number {
    const encoded = frame(type, data);
    for (const conn of connections) sendTo(conn, encoded);
    return connections.size;
  }

  function detach(conn: Connection): void {
    for (const name of conn.rooms) {
      drop(conn, name);
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

  /** Closes connections silent for longer than `idleMs` of wall time (clients ping every 20 s). */
  function sweep(idleMs: number): number {
    const cutoff = performance.now() - idleMs;
    let closed = 0;
    for (const conn of connections) {
      if (conn.lastSeen < cutoff) {
        detach(conn);
        conn.close();
        closed += 1;
      }
    }
    const forgetBefore = now() - IDLE_ROOM_KEEP_MS;
    for (const [name, room] of rooms) if (room.members.size === 0 && !room.pending?.size && room.lastAt < forgetBefore) rooms.delete(name);
    return closed;
  }

  /** Closes every connection (server shutdown). */
  function closeAll(): void {
    for (const conn of connections) {
      detach(conn);
      conn.close();
    }
  }

  /** Connections per room here, the players' own rooms left out (nobody asks their count). */
  function localCounts(): RemoteCounts {
    const members = new Map<string, number>();
    for (const [name, room] of rooms) if (room.members.size > 0 && !name.startsWith('USER[')) members.set(name, room.members.size);
    return { connections: connections.size, members };
  }

  return {
    reply, publish, toUser, join, leave, mayJoin, attach, detach, deauthenticate, dropSessions, sweep, closeAll, deliver, localCounts, greet, broadcast,
    /** Rooms whose name starts with `prefix` that have members here or on another process. */
    roomsWithMembers: (prefix: string): string[] => {
      const names = new Set<string>();
      for (const [name, room] of rooms) if (room.members.size > 0 && name.startsWith(prefix)) names.add(name);
      for (const [name, count] of remote.members) if (count > 0 && name.startsWith(prefix)) names.add(name);
      return [...names];
    },
    /** Relay only: what the other processes hold, summed (the relay refreshes it every second). */
    setRemote: (counts: RemoteCounts) => {
      remote = counts;
    },
    /** Connections (on every process) and rooms (here), for the online count and benchmarks. */
    stats: () => ({ connections: connections.size + remote.connections, rooms: rooms.size }),
    /** How many connections are in a room now, on every process (a game page's online count). */
    memberCount: (roomName: string) => (rooms.get(roomName)?.members.size ?? 0) + (remote.members.get(roomName) ?? 0),
    /** A room's latest offset. */
    offsetOf: (roomName: string) => rooms.get(roomName)?.offset ?? 0,
  };
}

/** The hub the server uses. */
export type Hub = ReturnType<typeof createHub>;
