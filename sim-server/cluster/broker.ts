/**
 * What crosses processes when several servers share one database (REDIS_URL; docs/decisions/0031):
 * room events numbered once for every process, their replay ring, rate-limit counters,
 * session revocations, battle wakes for the timer owner, and the live counts.
 *
 * Three connections: commands that must arrive in order (events: queued, up to a bound, while
 * Redis is slow; while it is away an event is dropped and its room told to resync when it
 * returns, docs/decisions/0044), commands that must not wait (rate limits: they fail at once and
 * the caller counts in-process instead), and the subscription every process listens on.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Hub, RoomHistory, RoomRelay } from '../socket/hub.ts';

/** Keys and channels, under one prefix so one Redis can serve several sites (REDIS_PREFIX). */
const EVENTS = 'events';
const CONTROL = 'control';

/** A room's numbering and ring live this long after its last event (the hub's idle room keep). */
const ROOM_KEEP_MS = 10 * 60_000;
/** Events kept per room for replay, as the in-process hub keeps. */
const KEEP_PER_ROOM = 200;
/** How often each process writes its counts and reads the others'. */
const LIVE_EVERY_MS = 1_000;
/** A process whose counts are older than this is not counted (crashed, or cut off from Redis). */
const LIVE_STALE_MS = 3_500;
/**
 * A process silent this long, while this one was not, is gone without its goodbye: the events it
 * committed and never published are lost to every room, so they all resync (docs/decisions/0046).
 * Longer than a short cut-off, which the process itself announces when its link returns.
 */
export const LIVE_GONE_MS = 10_000;
/**
 * Events sent and waiting for Redis's answer at most, by default (docs/decisions/0039): past
 * this, a Redis that is connected but does not answer drops events instead of growing memory
 * without end, and the rooms they were for are marked to resync.
 */
export const MAX_QUEUED_EVENTS = 10_000;
/** How long a clean stop waits at most for Redis to answer the events it was sent. */
const CLOSE_WAIT_MS = 3_000;
/** How often a process writes the beacon chain's shared start forward. */
const BEACON_ANCHOR_EVERY_MS = 60_000;

/**
 * Numbers one event and fans it out, atomically, so every subscriber sees a room's events in
 * offset order. A room's first offset is Redis's clock in microseconds, as the in-process hub
 * starts from its own: offsets only grow, across a room forgotten and made again.
 * Each process numbers its events and the room keeps the last number it ran per process: an
 * event ioredis sends again after a broken connection, which Redis had run before the break,
 * is not published twice (docs/decisions/0046).
 * KEYS: offsets hash, ring list. ARGV: channel, room, frame head, keep, keep ms, publisher, its number.
 */
const PUBLISH_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local t = redis.call('TIME')
  local base = string.format('%d', tonumber(t[1]) * 1000000 + tonumber(t[2]))
  redis.call('HSET', KEYS[1], 'base', base, 'offset', base)
end
local last = redis.call('HGET', KEYS[1], ARGV[6])
if last and tonumber(last) >= tonumber(ARGV[7]) then return '0' end
redis.call('HSET', KEYS[1], ARGV[6], ARGV[7])
local o = string.format('%d', redis.call('HINCRBY', KEYS[1], 'offset', 1))
local frame = ARGV[3] .. o .. '}'
redis.call('RPUSH', KEYS[2], o .. '\\n' .. frame)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PUBLISH', ARGV[1], ARGV[2] .. '\\n' .. o .. '\\n' .. frame)
return o
`;

/**
 * A room's offsets and its kept events (all of them: a joining socket filters by its offset).
 * A room Redis does not know starts now, as PUBLISH_SCRIPT would start it.
 */
const HISTORY_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local t = redis.call('TIME')
  local base = string.format('%d', tonumber(t[1]) * 1000000 + tonumber(t[2]))
  redis.call('HSET', KEYS[1], 'base', base, 'offset', base)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local h = redis.call('HMGET', KEYS[1], 'base', 'offset')
local events = {}
if ARGV[1] == '1' then events = redis.call('LRANGE', KEYS[2], 0, -1) end
return { h[1], h[2], events }
`;

/** Counts one request in a fixed window. KEYS: the window's counter. ARGV: its life in ms. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

/**
 * Marks a gap in a room's numbering: events meant for it were dropped. One number is skipped and
 * the ring emptied, so a socket that rejoins with any earlier offset finds itself behind with
 * nothing to replay (the hub's catchUp: ROOM_RESYNC); and the skipped number is published to
 * every process as a ROOM_RESYNC frame, in the room's order, so the sockets still in the room,
 * on any process, are told now too (docs/decisions/0039, 0044). A room Redis no longer knows starts
 * as PUBLISH_SCRIPT would start it: its members on the processes still missed the events.
 * KEYS: offsets, ring. ARGV: channel, room, frame head (up to the offset), keep ms.
 */
const GAP_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  local t = redis.call('TIME')
  local base = string.format('%d', tonumber(t[1]) * 1000000 + tonumber(t[2]))
  redis.call('HSET', KEYS[1], 'base', base, 'offset', base)
end
local o = string.format('%d', redis.call('HINCRBY', KEYS[1], 'offset', 1))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('DEL', KEYS[2])
redis.call('PUBLISH', ARGV[1], ARGV[2] .. '\\n' .. o .. '\\n' .. ARGV[3] .. o .. '}}')
return o
`;

/**
 * A sliding-window flood guard shared by every process: drops tries older than the window,
 * then adds this one if fewer than `max` remain. KEYS: the key's sorted set.
 * ARGV: now, window ms, max, a member naming this try (so it can be taken back).
 */
const FLOOD_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.0f', now - tonumber(ARGV[2])))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** Sets a key to ARGV[2] if it still holds ARGV[1]; answers what it holds then. */
const REPLACE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) end
return redis.call('GET', KEYS[1])
`;

/** The scripts above, as ioredis defines them (EVALSHA, the script sent again when Redis lost it). */
interface Scripts {
  arenaPublish(offsets: string, ring: string, channel: string, room: string, head: string, keep: number, keepMs: number, publisher: string, number: number): Promise<string>;
  arenaHistoryBuffer(offsets: string, ring: string, withEvents: string, keepMs: number): Promise<[Buffer, Buffer, Buffer[]]>;
  arenaHit(key: string, lifeMs: number): Promise<number>;
  arenaGap(offsets: string, ring: string, channel: string, room: string, head: string, keepMs: number): Promise<string>;
  arenaFlood(key: string, now: number, windowMs: number, max: number, member: string): Promise<number>;
}

/** A try counted by a shared flood guard: `release` takes it back (the request was refused for another reason). */
export interface FloodTry {
  allowed: boolean;
  release(): void;
}

/** Where the beacon chain starts for every process: block `number` follows the block hashed `prev`. */
export interface BeaconAnchor {
  number: number;
  prev: string;
}

/** A message on the control channel. */
export type Announcement =
  | { kind: 'revoke'; sessionId?: number; userId?: number }
  | { kind: 'wake'; battle: number; at: number | null }
  | { kind: 'race'; userId: number; day: number; delta: number; at: number }
  | { kind: 'catalog' };

/** An announcement as heard, with the process that made it. */
export type ControlMessage = Announcement & { from: string };

/** The broker of one process. */
export interface Broker {
  /** This process's name among the others (its live counts are kept under it). */
  readonly id: string;
  relay: RoomRelay;
  /** Counts a request in the shared window; answers the count, or null when Redis cannot answer now. */
  hit(key: string, windowMs: number, nowMs: number): Promise<number | null>;
  /**
   * Records a try in a flood guard shared by every process (sliding window of `windowMs`, at
   * most `max`); null when Redis cannot answer now (the caller guards in-process instead).
   */
  flood(key: string, nowMs: number, max: number, windowMs: number): Promise<FloodTry | null>;
  /**
   * The beacon chain's start shared by every process: the stored one, or `mine` when none is
   * stored yet or the stored one is `stale` (then it is stored, the first process's start
   * winning a race).
   */
  beaconAnchor(mine: BeaconAnchor, stale: (stored: BeaconAnchor) => boolean): Promise<BeaconAnchor>;
  /** Keeps the shared start moving forward (so a new process need not hash the chain from its very first block). */
  keepBeaconAnchor(current: () => BeaconAnchor | null): void;
  /** Tells every process (this one included) something. */
  announce(message: Announcement): void;
  /** Hears every control message, this process's own included. */
  onControl(listener: (message: ControlMessage) => void): void;
  /** Hears Redis lost (false) and back (true) on the subscription. */
  onLink(listener: (up: boolean) => void): void;
  /** Starts feeding the hub: events, then live counts every second. */
  attach(hub: Hub): void;
  close(): Promise<void>;
}

/** Redis cannot be reached at start: the message names REDIS_URL and the address. */
export class BrokerError extends Error {}

/** Where REDIS_URL points, for messages (the password left out). */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '6379'}`;
  } catch {
    return url;
  }
}

/**
 * Connects to REDIS_URL, or fails with a message naming it and the address: a server that
 * cannot reach its broker must not start as if it were alone.
 */
export async function connectBroker(url: string, options: { prefix?: string; maxQueued?: number; log?: { warn(obj: unknown, msg: string): void } } = {}): Promise<Broker> {
  const address = redisAddress(url);
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 3_000, enableOfflineQueue: false });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    probe.disconnect();
    throw new BrokerError(`REDIS_URL: cannot reach Redis at ${address} (${(error as Error).message || String(error)})`, { cause: error });
  }
  probe.disconnect();

  const prefix = options.prefix ?? 'arena:';
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  // Reconnects forever, a little slower each time, at most every 2 s.
  const retryStrategy = (times: number) => Math.min(100 * times, 2_000);
  const commands = new Redis(url, { retryStrategy, maxRetriesPerRequest: null });
  const quick = new Redis(url, { retryStrategy, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  const sub = new Redis(url, { retryStrategy, maxRetriesPerRequest: null });
  commands.defineCommand('arenaPublish', { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
  commands.defineCommand('arenaHistory', { numberOfKeys: 2, lua: HISTORY_SCRIPT });
  commands.defineCommand('arenaGap', { numberOfKeys: 2, lua: GAP_SCRIPT });
  quick.defineCommand('arenaHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  quick.defineCommand('arenaFlood', { numberOfKeys: 1, lua: FLOOD_SCRIPT });
  const scripts = commands as unknown as Scripts;
  const quickScripts = quick as unknown as Scripts;
  let warned = false;
  for (const client of [commands, quick, sub]) {
    client.on('error', (error: Error) => {
      // Once per outage: the reconnect loop says the same thing every attempt.
      if (warned) return;
      warned = true;
      options.log?.warn({ err: error }, `Redis at ${address} is unreachable; reconnecting`);
    });
    client.on('ready', () => {
      warned = false;
    });
  }

  const eventsChannel = `${prefix}${EVENTS}`;
  const controlChannel = `${prefix}${CONTROL}`;
  const controlListeners: ((message: ControlMessage) => void)[] = [];
  const linkListeners: ((up: boolean) => void)[] = [];
  let hub: Hub | null = null;
  let liveTimer: NodeJS.Timeout | undefined;
  let beaconTimer: NodeJS.Timeout | undefined;
  let tries = 0;

  // Lost and back, as the subscription sees it: while it is down, events pass this process by.
  let subscribed = false;
  let started = false;
  sub.on('close', () => {
    if (!subscribed) return;
    subscribed = false;
    for (const listener of linkListeners) listener(false);
  });
  sub.on('ready', () => {
    // ioredis subscribes again on its own; the first ready is the start, later ones a return.
    const returning = subscribed === false && started;
    subscribed = true;
    if (!returning) return;
    // The PING is answered after the subscriptions ioredis renews as it reconnects: only then
    // does a socket that rejoins miss nothing between its replay and the live events.
    void sub.ping().catch(() => {}).then(() => {
      for (const listener of linkListeners) listener(true);
    });
  });
  // The commands connection ready too: an event published before it would count as cut off.
  await Promise.all([sub.subscribe(eventsChannel, controlChannel), commands.ping()]);
  subscribed = true;
  started = true;

  sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    if (channel.toString() === eventsChannel) {
      const first = message.indexOf(10);
      const second = message.indexOf(10, first + 1);
      hub?.deliver(message.toString('utf8', 0, first), Number(message.toString('latin1', first + 1, second)), message.subarray(second + 1));
      return;
    }
    let parsed: ControlMessage;
    try {
      parsed = JSON.parse(message.toString()) as ControlMessage;
    } catch {
      return;
    }
    for (const listener of controlListeners) listener(parsed);
  });

  const roomKeys = (room: string) => [`${prefix}room:${room}`, `${prefix}ring:${room}`];
  // This process's events in the order it sends them, under a field of the room's hash.
  const publisher = `p:${id}`;
  let published = 0;

  // The events waiting for Redis (sent, not yet answered), and the rooms that lost one to a
  // full queue: when Redis answers again each of those gets a gap, so its sockets resync.
  const maxQueued = options.maxQueued ?? MAX_QUEUED_EVENTS;
  let waiting = 0;
  // A clean stop waiting for the last answers (see close).
  let drained: (() => void) | null = null;
  const gapped = new Set<string>();
  const marking = new Set<string>();
  const markGaps = () => {
    for (const room of gapped) {
      if (marking.has(room)) continue;
      marking.add(room);
      gapped.delete(room);
      const [offsets, ring] = roomKeys(room);
      // What the hub's catchUp sends a socket that rejoins from before the gap, with the offset the script appends.
      const head = JSON.stringify({ type: 'ROOM_RESYNC', data: { room, offset: 0 } }).slice(0, -3);
      scripts.arenaGap(offsets!, ring!, eventsChannel, room, head, ROOM_KEEP_MS).then(
        () => marking.delete(room),
        () => {
          marking.delete(room);
          gapped.add(room);
        },
      );
    }
  };
  // ioredis emits 'ready' on the next tick, after it has written the commands it held: the gaps
  // go out after the events that were kept, in each room's order.
  commands.on('ready', markGaps);
  // Events sent and not answered, per room. When the connection breaks under them ioredis sends
  // them again once it returns: late, like an event held while cut off, so their rooms get a
  // gap after them.
  const unanswered = new Map<string, number>();
  commands.on('close', () => {
    for (const room of unanswered.keys()) gapped.add(room);
  });
  let awayWarned = false;
  commands.on('ready', () => {
    awayWarned = false;
  });

  const relay: RoomRelay = {
    publish(room, head) {
      if (commands.status !== 'ready') {
        // Cut off from Redis (the other processes may not be): an event held until the link
        // returns would reach their sockets after the newer events of its room they published
        // meanwhile (an older balance over the one shown). The room gets a gap instead, and every
        // socket in it reads the room's state again (docs/decisions/0044).
        if (!awayWarned) options.log?.warn({ room }, 'Redis is away: room events are dropped, their rooms will resync when it returns');
        awayWarned = true;
        gapped.add(room);
        return;
      }
      if (waiting >= maxQueued) {
        if (gapped.size === 0) options.log?.warn({ room, queued: waiting }, 'Redis does not answer and the event queue is full: events are dropped, their rooms will resync');
        gapped.add(room);
        return;
      }
      waiting++;
      unanswered.set(room, (unanswered.get(room) ?? 0) + 1);
      const answered = () => {
        waiting--;
        if (waiting === 0) drained?.();
        const left = unanswered.get(room)! - 1;
        if (left > 0) unanswered.set(room, left);
        else unanswered.delete(room);
      };
      const [offsets, ring] = roomKeys(room);
      scripts.arenaPublish(offsets!, ring!, eventsChannel, room, head, KEEP_PER_ROOM, ROOM_KEEP_MS, publisher, ++published).then(
        () => {
          answered();
          // Sent after a drop: the gap goes in as soon as the queue has room (Redis answers again).
          if (gapped.size > 0 && commands.status === 'ready') markGaps();
        },
        (error: unknown) => {
          answered();
          gapped.add(room);
          options.log?.warn({ err: error, room }, 'an event could not be sent through Redis');
        },
      );
    },
    async history(room, after): Promise<RoomHistory> {
      const [offsets, ring] = roomKeys(room);
      const answer = await scripts.arenaHistoryBuffer(offsets!, ring!, after === undefined ? '0' : '1', ROOM_KEEP_MS);
      const base = Number(answer[0].toString());
      const offset = Number(answer[1].toString());
      const events = answer[2].map((entry) => {
        const cut = entry.indexOf(10);
        return { offset: Number(entry.toString('latin1', 0, cut)), frame: entry.subarray(cut + 1) };
      });
      return { base, offset, events: events.filter((e) => after === undefined || e.offset > after), oldest: events[0]?.offset ?? offset + 1 };
    },
  };

  // When this process last wrote its counts: a process that was itself away from Redis (or a
  // Redis that stalled for everyone) does not judge the others by their silence meanwhile. A
  // lapse shorter than LIVE_STALE_MS cannot make a live process look LIVE_GONE_MS silent, so a
  // busy event loop that ticks late still judges.
  let lastExchange = 0;

  async function exchangeCounts(): Promise<void> {
    if (!hub) return;
    const mine = hub.localCounts();
    const now = Date.now();
    const steady = now - lastExchange <= LIVE_STALE_MS;
    const key = `${prefix}live`;
    const answer = await quick
      .multi()
      .hset(key, id, JSON.stringify({ at: now, connections: mine.connections, members: Object.fromEntries(mine.members) }))
      .pexpire(key, LIVE_GONE_MS * 4)
      .hgetall(key)
      .exec();
    lastExchange = now;
    const all = (answer?.[2]?.[1] ?? {}) as Record<string, string>;
    let connections = 0;
    const members = new Map<string, number>();
    const gone: string[] = [];
    for (const [other, raw] of Object.entries(all)) {
      if (other === id) continue;
      const entry = JSON.parse(raw) as { at: number; connections: number; members: Record<string, number> };
      if (now - entry.at > LIVE_GONE_MS && steady) gone.push(other);
      if (now - entry.at > LIVE_STALE_MS) continue;
      connections += entry.connections;
      for (const [room, n] of Object.entries(entry.members)) members.set(room, (members.get(room) ?? 0) + n);
    }
    hub.setRemote({ connections, members });
    // One survivor removes a gone process's entry (HDEL answers 1 to it alone) and marks the gaps.
    for (const other of gone) {
      if ((await quick.hdel(key, other)) !== 1) continue;
      markEveryRoom().then(
        (rooms) => options.log?.warn({ process: other, rooms }, 'a process stopped without its goodbye: events it committed may never have been sent, so every room resyncs'),
        (error: unknown) => options.log?.warn({ err: error, process: other }, 'a process stopped without its goodbye, and its rooms could not be listed to resync'),
      );
    }
  }

  /**
   * A gap in every room Redis knows (an event or a join within ROOM_KEEP_MS): which rooms a gone
   * process dropped events for, nobody else knows, and its own sockets rejoin elsewhere with
   * their offsets, so rooms without a member now need the gap too. Answers how many rooms.
   */
  async function markEveryRoom(): Promise<number> {
    const head = `${prefix}room:`;
    const rooms = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await commands.scan(cursor, 'MATCH', `${head.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) rooms.add(key.slice(head.length));
    } while (cursor !== '0');
    for (const room of rooms) gapped.add(room);
    if (commands.status === 'ready') markGaps();
    return rooms.size;
  }

  return {
    id,
    relay,
    async hit(key, windowMs, nowMs) {
      const window = Math.floor(nowMs / windowMs);
      try {
        return Number(await quickScripts.arenaHit(`${prefix}rl:${key}:${window}`, windowMs + 1_000));
      } catch {
        return null;
      }
    },
    async flood(key, nowMs, max, windowMs) {
      const member = `${id}:${++tries}`;
      const redisKey = `${prefix}flood:${key}`;
      try {
        const allowed = Number(await quickScripts.arenaFlood(redisKey, nowMs, windowMs, max, member)) === 1;
        return { allowed, release: () => void (allowed ? quick.zrem(redisKey, member).catch(() => {}) : undefined) };
      } catch {
        return null;
      }
    },
    async beaconAnchor(mine, stale) {
      const key = `${prefix}beacon`;
      await commands.set(key, JSON.stringify(mine), 'NX');
      const stored = await commands.get(key);
      if (!stored) return mine;
      if (!stale(JSON.parse(stored) as BeaconAnchor)) return JSON.parse(stored) as BeaconAnchor;
      // Replaced only if no other process replaced it meanwhile: then theirs is the chain.
      const now = await commands.eval(REPLACE_SCRIPT, 1, key, stored, JSON.stringify(mine));
      return JSON.parse(String(now)) as BeaconAnchor;
    },
    keepBeaconAnchor(current) {
      beaconTimer = setInterval(() => {
        const anchor = current();
        if (anchor) void quick.set(`${prefix}beacon`, JSON.stringify(anchor)).catch(() => {});
      }, BEACON_ANCHOR_EVERY_MS);
      beaconTimer.unref();
    },
    announce(message) {
      commands.publish(controlChannel, JSON.stringify({ ...message, from: id })).catch((error: unknown) => {
        options.log?.warn({ err: error }, 'a control message could not be sent through Redis');
      });
    },
    onControl: (listener) => void controlListeners.push(listener),
    onLink: (listener) => void linkListeners.push(listener),
    attach(target) {
      hub = target;
      const tick = () => {
        exchangeCounts().catch(() => {
          // Redis away: the others' counts are unknown, so only this process's are shown.
          hub?.setRemote({ connections: 0, members: new Map() });
        });
      };
      tick();
      liveTimer = setInterval(tick, LIVE_EVERY_MS);
      liveTimer.unref();
    },
    async close() {
      clearInterval(liveTimer);
      clearInterval(beaconTimer);
      // Events sent and not answered may not all have reached Redis yet: disconnecting under
      // them loses some (a test saw 67 of 9,000). A clean stop waits for their answers first, a
      // while at most (a Redis that does not answer gets a gap from the others' view anyway).
      if (waiting > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CLOSE_WAIT_MS);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await quick.hdel(`${prefix}live`, id).catch(() => {});
      for (const client of [commands, quick, sub]) client.disconnect();
    },
  };
}
