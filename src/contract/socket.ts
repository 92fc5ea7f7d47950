/**
 * The socket protocol (docs/design.md section 4). Every frame is one JSON object
 * `{type, data}`; server frames of a room also carry `room` and that room's increasing
 * `offset`, so a client that reconnects can ask for what it missed.
 */
import { Asset, BattleGame, Card, BattleMessage, BattleRoll, BattleStatus, GameNotice, LiveDrop, Payment, PaymentUpdate, PublicUser, RobState, UnboxRoll } from './entities.ts';
import { RadioSlot, RadioSound } from './methods/radio.ts';
import { LiveStream } from './methods/stream.ts';
import { SupportMessage } from './methods/support.ts';
import { ChatFrames } from './chat.ts';
import { ArenaStatistics, OnlineCount } from './methods/arena-figures.ts';
import { Booster } from './boosters.ts';
import { ChickenFeedEntry } from './methods/chicken.ts';
import { DiceFeedEntry } from './methods/dice.ts';
import { builtOnUse } from './define.ts';
import { int, z } from './wire.ts';

const room = () => z.string().check(z.minLength(1), z.maxLength(96));
const offset = () => z.optional(int().check(z.gte(0)));
/** A tab's random id (src/net/page-active.ts). */
const tabId = () => z.string().check(z.regex(/^[A-Za-z0-9]{8,32}$/, 'expected a tab id'));

/** Frames a client sends, a union discriminated on `type`. */
export const ClientFrame = z.lazy(() => z.discriminatedUnion('type', [
  /** Authenticates with a connect token; `offset` resumes the player's personal room. */
  z.object({ type: z.literal('auth'), data: z.object({ token: z.string().check(z.maxLength(128)), offset: offset() }) }),
  /** Drops the authentication of this connection (logout). */
  z.object({ type: z.literal('leave'), data: z.optional(z.object({})) }),
  z.object({ type: z.literal('ping'), data: z.optional(z.object({ visible: z.optional(z.boolean()) })) }),
  z.object({ type: z.literal('checkin'), data: z.optional(z.object({})) }),
  z.object({ type: z.literal('manifest'), data: z.optional(z.object({})) }),
  /** Joins a room; with `offset`, first replays the room's events after it. */
  z.object({ type: z.literal('join-room'), data: z.object({ room: room(), offset: offset() }) }),
  z.object({ type: z.literal('leave-room'), data: z.object({ room: room() }) }),
  z.object({ type: z.literal('leave-game'), data: z.object({ game: z.string().check(z.maxLength(64)) }) }),
  /** This tab became the one the player looks at: the player's other tabs hear PAGE_ACTIVE. */
  z.object({ type: z.literal('page-active'), data: z.object({ tab: tabId() }) }),
]));
/** A frame from a client. */
export type ClientFrame = z.output<typeof ClientFrame>;

/** The manifest (document 1 section 3 'Manifest stats', document 2 'Server manifest'). */
export const Manifest = z.lazy(() => z.object({
  stats: z.object({
    battle_pass: z.object({ active: z.boolean() }),
    ctc: z.object({ active: z.boolean() }),
    events: z.object({ leaderboard: z.object({ ends_in_time: z.nullable(z.number()) }) }),
    client: z.object({ style: z.nullable(z.enum(['snow', 'santa', 'halloween', 'christmas'])) }),
    wallet: z.object({ rate: z.record(z.string(), z.number()) }),
    version: z.object({ client: z.string(), cache: z.string() }),
  }),
  /** Server time in milliseconds. */
  ts: z.number(),
}));

/** Payloads of the server messages the sim-server sends; names follow the spec. Each is built when it is first read. */
export const ServerMessages = builtOnUse({
  AUTHED: () => z.object({ user_hash: z.string(), room: z.string() }),
  CONNECT_TOKEN_ERROR: () => z.object({ message: z.string() }),
  LEAVED: () => z.object({}),
  PONG: () => z.object({ time: z.number() }),
  '#CHECKIN': () => z.object({ time: z.number() }),
  '#MANIFEST': () => Manifest,
  // The player's own progress and the shell's prompts, to the player's own room (document 1
  // sections 3 'Notification' and 7, document 3 section 8).
  /** Experience was added: `exp` is the amount (toasts merge and add), `user_progress` the level after it. */
  '#EXPERIENCE_CHANGED': () => z.object({ exp: z.number(), user_progress: z.optional(z.object({ level: z.number(), exp: z.number() })) }),
  /** The season rank changed (merges into the experience toast, its `exp` adding up). */
  '#USER_RANK_CHANGED': () => z.object({ rank: z.number(), rank_next: z.optional(z.number()), exp: z.optional(z.number()) }),
  /** An achievement was issued (a toast and a sound). */
  '#ACHIEVE_ISSUED': () => z.object({ name: z.string(), hex: z.object({ rarity: z.string() }), user_hash: z.string() }),
  /** Community keys were issued (received_keys toasts of one key id merge; promo_gift_case shows none). */
  COMMUNITY_KEY_ISSUED: () => z.object({ key: z.object({ id: z.string(), count: z.number() }) }),
  /** The partner level changed. */
  PARTNER_LEVEL_CHANGED: () => z.object({ new_level: z.number() }),
  /**
   * Maintenance: the client sets a maintenance cookie (60 s) and reloads, at once when the
   * server is going down, else once no spin or battle animation runs (docs/design.md section 8).
   */
  SERVER_MAINTENANCE: () => z.object({
    going_down: z.boolean(),
    message: z.optional(z.string()),
    /**
     * false: the maintenance is over (the client clears its cookie and screen, no reload). A
     * socket that connects while one runs is told at once (docs/decisions/0050). Absent means true.
     */
    active: z.optional(z.boolean()),
  }),
  /** The server asks for a protection challenge before more calls (requests wait until it is passed). */
  PROTECTION_CHALLENGE: () => z.object({ token: z.string() }),
  /** The player's active stream party must be closed first (the close-party flow). */
  CLOSE_PARTY: () => z.object({ message: z.optional(z.string()) }),
  /** Two-factor authentication must be set up first. */
  SECURE_REQUIRED: () => z.object({ message: z.optional(z.string()) }),
  /** A code from the authenticator app is needed. */
  SECURE_CODE_REQUIRED: () => z.object({ message: z.optional(z.string()) }),
  /** The room is joined; `offset` is its latest event. */
  ROOM_JOINED: () => z.object({ room: z.string(), offset: z.number() }),
  /** Events after the asked offset are no longer kept: the client refetches the room's state. */
  ROOM_RESYNC: () => z.object({ room: z.string(), offset: z.number() }),
  /** A frame the server could not accept. */
  SOCKET_ERROR: () => z.object({ code: z.string(), message: z.string() }),
  /** Every balance change of the player (docs/design.md section 5). */
  WALLET_BALANCE_CHANGED: () => z.object({
    currency: z.string(),
    balance: z.number(),
    amount: z.number(),
    type: z.string(),
    hash: z.string(),
  }),
  /** A drop at a case table, to CASE_TABLE[{id}] (docs/decisions/0015). */
  CASE_TABLE_DROP: () => z.object({ table_id: z.string(), drop: LiveDrop, opened: z.number(), dropped_value: z.number() }),
  /**
   * To the player's own room: the account signed in on another device (the login-detected
   * modal). It is published before the new session's socket authenticates, so only the
   * sessions that were already there hear it (or replay it after a reconnect).
   */
  LOGIN_DETECTED: () => z.object({ time: z.number(), device: z.string() }),
  /** To the player's own room: this tab of the player is the active one (the others keep quiet). */
  PAGE_ACTIVE: () => z.object({ tab: z.string() }),
  /** A drop from any case, to the LOBBY room (the home page's live drops). */
  LOBBY_DROP_DROPPED: () => LiveDrop,
  /** A roll of a personal unbox game, or a battle round's drops (decided as it starts), to the game's room. */
  ARENA_GAME_ROLL: () => z.union([UnboxRoll, BattleRoll]),
  // Battles. Public ones speak in LOBBY and ARENA_GAME[{hash}]; personal ones in ARENA_GAME[{token}]
  // and, instead of LOBBY, in each seated player's own room. Every LOBBY_GAME_* carries the
  // battle as it is after the change; ARENA_GAME_STATUS and ARENA_GAME_ROLL are the steps, and an
  // ARENA_GAME_UPDATE with the whole battle follows every change.
  /** A battle was created. */
  LOBBY_GAME_CREATED: () => z.object({ game: BattleGame, users: z.array(PublicUser) }),
  /** A battle changed in a way no other LOBBY_GAME_* names (a round started, a sponsor paid). */
  LOBBY_GAME_UPDATED: () => z.object({ game: BattleGame }),
  /** A player (or bot) took a seat. */
  LOBBY_GAME_JOINED: () => z.object({ game: BattleGame, seat: z.number(), user: PublicUser }),
  /** A player left or was removed (kicked) before the start. */
  LOBBY_GAME_LEAVED: () => z.object({ game: BattleGame, seat: z.number(), user_hash: z.string(), kicked: z.boolean() }),
  /** The battle moved on: full (process), running, rob, finished. */
  LOBBY_GAME_PROCESS: () => z.object({ game: BattleGame }),
  /** The battle leaves the lobby: finished or closed. */
  LOBBY_GAME_CLOSED: () => z.object({ game: BattleGame }),
  /** The whole battle after a change, with its players and rob-mode state. */
  ARENA_GAME_UPDATE: () => z.object({ game: BattleGame, users: z.array(PublicUser), rob: z.nullable(RobState) }),
  /** The battle's status changed at `at` (milliseconds, from its schedule). */
  ARENA_GAME_STATUS: () => z.object({ game_hash: z.string(), status: BattleStatus, at: z.number() }),
  /** A message on the battle's page. */
  ARENA_GAME_MESSAGE: () => z.object({ message: BattleMessage, user: PublicUser }),
  /** A reaction on the battle's page. */
  ARENA_GAME_REACTION: () => z.object({ game_hash: z.string(), user_hash: z.string(), reaction: z.string(), time: z.number() }),
  /** To a seated player's own room: their battle started (the client's game_start notice unless on its page). */
  ARENA_GAME_RUN: () => GameNotice,
  /** To a seated player's own room: their battle finished or closed (game_done unless personal or on its page). */
  ARENA_GAME_CLOSED: () => GameNotice,
  // Payments (document 2 sections 3 and 7), each to the player's own room.
  /** A payment's status changed (waiting, pending, completed, declined, expired): the deposit and withdrawal toasts. */
  PAYMENT_UPDATED: () => PaymentUpdate,
  /** A deposit was credited: the client updates the transaction and plays the cash sound. */
  WALLET_DEPOSIT_CONFIRMED: () => Payment,
  /** A withdrawal was accepted and its coins taken: the client adds the transaction. */
  WALLET_WITHDRAW_CREATED: () => Payment,
  /** A withdrawal failed at the provider and its coins came back (withdraw_refund). */
  WALLET_WITHDRAW_FAILED: () => Payment,
  /** A withdrawal reached the chain. */
  WALLET_WITHDRAW_CONFIRMED: () => Payment,
  /**
   * To the player's own room: items or cards entered their inventory (a battle's drops won, a
   * Battle Pass tier claimed, ...); the client inserts them and shows the spec's 'inventory
   * asset(s) issued' toast (bp_card) with `count`.
   */
  INVENTORY_ASSET_ISSUED: () => z.object({
    assets: z.array(Asset),
    /** Cards issued (a Battle Pass reward, a level reward, a card gift redeemed). */
    cards: z.optional(z.array(Card)),
    count: z.number(),
    /** What issued them, and that game's hash (null when no game did). */
    source: z.enum(['battle', 'unbox', 'gift', 'battlepass', 'party', 'reward']),
    game_hash: z.nullable(z.string()),
  }),
  /**
   * To the player's own room: account data beyond the balance changed (a sponsor credit was
   * claimed, given back or its challenge completed); the client reloads user.getUser.
   */
  /** A chicken game finished (cashed or caught), to the CHICKEN room. */
  CHICKEN_GAME: () => ChickenFeedEntry,
  /** A dice roll, to the DICE room. */
  DICE_ROLL: () => DiceFeedEntry,
  /** To the player's own room: a booster was granted (document 1 section 4: the client adds it). */
  BOOSTER_CREATED: () => Booster,
  /** To the player's own room: a booster changed; status closed removes it from the client's state. */
  BOOSTER_MODIFIED: () => Booster,
  '#USER_DATA_CHANGED': () => z.object({ reason: z.enum(['sponsor_credit', 'challenge_completed']) }),
  // The radio, Wave (document 2 section 7), to the WAVE room.
  /** Listeners in the WAVE channel changed (admins see the count). */
  '#RADIO_ONLINE': () => z.object({ online: z.number() }),
  /**
   * The next song is chosen, 2 s before the current one ends (the next-song hint): `next`
   * starts at the current song's end_time on the server's clock; `time` is the server's now.
   */
  '#RADIO_NEXT_SOUND': () => z.object({ next: RadioSlot, sound: RadioSound, users: z.array(PublicUser), time: z.number() }),
  /** A sound's like count changed (the voter's own isLiked comes with their call's answer). */
  '#RADIO_SOUND_LIKE_UPDATE': () => z.object({ id: z.string(), likes: z.number() }),
  /** A player paid for a sound: it joined the queue. */
  '#RADIO_SOUND_REQUESTED': () => z.object({ sound: RadioSound, user: PublicUser }),
  /** The queue after a request or after its head was chosen to play next. */
  '#RADIO_QUEUE_CHANGE': () => z.object({ queue: z.array(RadioSound), users: z.array(PublicUser) }),
  /** To LOBBY: a streamer went live. */
  STREAM_ONLINE: () => z.object({ stream: LiveStream }),
  /** To LOBBY: a stream ended. */
  STREAM_OFFLINE: () => z.object({ hash: z.string(), user_hash: z.string() }),
  // Stream parties, to STREAM_PARTY_LOBBY (document 3 section 7: created, updated, roll, tier completion).
  /** A party opened: clients that may see it refetch the lobby. */
  STREAM_PARTY_CREATED: () => z.object({ id: z.string(), official: z.boolean(), host_hash: z.string() }),
  /** A party changed (status, air time, members, settings); status closed removes it. */
  STREAM_PARTY_UPDATED: () => z.object({ id: z.string(), status: z.enum(['active', 'inactive', 'closed']), air_time: z.number(), participants: z.number() }),
  /** A tier's participant list was published with its SHA-256, before its draw. */
  STREAM_PARTY_TIER_LOCKED: () => z.object({ id: z.string(), number: z.number(), participants: z.number(), participants_hash: z.string() }),
  /** A tier was drawn: its winner (null when nobody qualified) and the prize now in their inventory. */
  STREAM_PARTY_ROLL: () => z.object({
    id: z.string(),
    number: z.number(),
    ticket: z.number(),
    winner_hash: z.nullable(z.string()),
    user: z.nullable(PublicUser),
    item: z.object({ hash: z.string(), name: z.string(), image: z.string() }),
  }),
  /** A tier is completed: the slider moves to the next. */
  STREAM_PARTY_TIER_COMPLETED: () => z.object({ id: z.string(), number: z.number() }),
  // The public chat, in the CHAT room (document 2 section 7).
  ...ChatFrames,
  // The arena's live figures and the rest of document 1 section 7's list (docs/decisions/0050).
  /**
   * To LOBBY when it changes: open sockets (real connections, on every process) and, counted
   * apart, the simulated players the sim's population has on line now (0 outside the sim).
   */
  LOBBY_ONLINE: () => OnlineCount,
  /** To a game's room (ARENA_GAME[{hash}]) when it changes: the sockets watching that game (its page's "watching"). */
  ONLINE: () => z.object({ room: z.string(), online: z.number() }),
  /** To LOBBY when a figure changed: what arena.statistics answers. */
  ARENA_STATISTICS: () => ArenaStatistics,
  /** To LOBBY: a case was retired live; it can no longer be opened or put in a new battle. */
  LOBBY_BOX_DEPRECATED: () => z.object({ box_hash: z.string(), key: z.string() }),
  /**
   * Battles with sponsored seats, to the lobby rooms of the battle (LOBBY, or a personal
   * battle's players' own rooms), beside the LOBBY_GAME_* message of the same change.
   * Created: a battle got its first sponsored seats.
   */
  LOBBY_SPONSOR_CREATED: () => z.object({ game: BattleGame, sponsor_hash: z.string(), seats: z.number() }),
  /** A player took a seat a sponsor paid for. */
  LOBBY_SPONSOR_JOINED: () => z.object({ game: BattleGame, seat: z.number(), user: PublicUser }),
  /** The sponsored seats changed otherwise: more were sponsored, one was given back, the unused ones were refunded. */
  LOBBY_SPONSOR_UPDATED: () => z.object({ game: BattleGame }),
  /** To the player's own room: basic verification is required now (the full-screen prompt of document 1). */
  BASIC_VERIFY_REQUIRED: () => z.object({ message: z.optional(z.string()) }),
  /** To the followed player's own room: someone followed or stopped following them. */
  FOLLOWER_FOLLOWED: () => z.object({ user_hash: z.string(), followers_count: z.number() }),
  FOLLOWER_UNFOLLOWED: () => z.object({ user_hash: z.string(), followers_count: z.number() }),
  // The support chat (docs/decisions/0054), to the player's own room.
  /** A message of the player's support thread: the agent's answer, or the player's own from another tab. */
  SUPPORT_MESSAGE: () => z.object({ message: SupportMessage }),
  /** The player's support thread closed: the agent resolved it or the player logged out. */
  SUPPORT_CLOSED: () => z.object({ thread_hash: z.string(), reason: z.enum(['logout', 'agent']) }),
});

/**
 * Names of server messages the spec lists whose payloads later issues define: none left (issue
 * 30 defined the last ones; docs/decisions/0050). A name listed here is passed over by the client.
 */
export const PendingServerMessages: readonly string[] = [];

/** A server message name with a defined payload. */
export type ServerMessageType = keyof typeof ServerMessages;
/** The payload of a server message. */
export type ServerMessageData<T extends ServerMessageType> = z.output<(typeof ServerMessages)[T]>;

/** A frame from the server. */
export interface ServerFrame<T extends ServerMessageType = ServerMessageType> {
  type: T;
  data: ServerMessageData<T>;
  room?: string;
  offset?: number;
}

/** Room names (docs/design.md section 4). */
export const Rooms = {
  /** A player's own events; only that player's connections may join. */
  user: (hash: string) => `USER[${hash}]`,
  /** A public game by hash, or a personal game by its token. */
  arenaGame: (hashOrToken: string) => `ARENA_GAME[${hashOrToken}]`,
  lobby: 'LOBBY',
  /** The public chat. */
  chat: 'CHAT',
  /** Finished chicken games of everyone (the live feed). */
  chicken: 'CHICKEN',
  /** Dice rolls of everyone (the live feed). */
  dice: 'DICE',
  radio: 'WAVE',
  partyLobby: 'STREAM_PARTY_LOBBY',
  /** A case table's drops (docs/decisions/0015). */
  caseTable: (id: string) => `CASE_TABLE[${id}]`,
} as const;

/**
 * The shape of every room name in Rooms, kept beside it: the server refuses to join a name
 * nothing publishes to, since it would only hold a socket's memory (issue 12).
 */
const ROOM_SHAPES: readonly RegExp[] = [
  /^USER\[SF\d{10}\]$/,
  /^ARENA_GAME\[(SF\d{1,10}|[\w-]{8,64})\]$/,
  /^(LOBBY|CHAT|CHICKEN|DICE|WAVE|STREAM_PARTY_LOBBY)$/,
  /^CASE_TABLE\[SF\d{1,10}\]$/,
];

/** Whether a name is one of the rooms the server publishes to. */
export function isRoomName(name: string): boolean {
  return ROOM_SHAPES.some((shape) => shape.test(name));
}
