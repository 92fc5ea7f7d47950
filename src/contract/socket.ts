/**
 * The socket protocol (DESIGN.md sections 3 and 10). Every frame is one JSON object
 * `{type, data}`; server frames of a room also carry `room` and that room's increasing
 * `offset`, so a client that reconnects can ask for what it missed.
 */
import { LiveDrop, UnboxRoll } from './entities.ts';
import { int, z } from './wire.ts';

const room = () => z.string().check(z.minLength(1), z.maxLength(96));
const offset = () => z.optional(int().check(z.gte(0)));

/** Frames a client sends, a union discriminated on `type`. */
export const ClientFrame = z.discriminatedUnion('type', [
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
]);
/** A frame from a client. */
export type ClientFrame = z.output<typeof ClientFrame>;

/** The manifest (document 1 section 3 'Manifest stats', document 2 'Server manifest'). */
export const Manifest = z.object({
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
});

/** Payloads of the server messages the sim-server sends; names follow the spec. */
export const ServerMessages = {
  AUTHED: z.object({ user_hash: z.string(), room: z.string() }),
  CONNECT_TOKEN_ERROR: z.object({ message: z.string() }),
  LEAVED: z.object({}),
  PONG: z.object({ time: z.number() }),
  '#CHECKIN': z.object({ time: z.number() }),
  '#MANIFEST': Manifest,
  /** The room is joined; `offset` is its latest event. */
  ROOM_JOINED: z.object({ room: z.string(), offset: z.number() }),
  /** Events after the asked offset are no longer kept: the client refetches the room's state. */
  ROOM_RESYNC: z.object({ room: z.string(), offset: z.number() }),
  /** A frame the server could not accept. */
  SOCKET_ERROR: z.object({ code: z.string(), message: z.string() }),
  /** Every balance change of the player (DESIGN.md section 10). */
  WALLET_BALANCE_CHANGED: z.object({
    currency: z.string(),
    balance: z.number(),
    amount: z.number(),
    type: z.string(),
    hash: z.string(),
  }),
  /** A drop from any case, to the LOBBY room (the home page's live drops). */
  LOBBY_DROP_DROPPED: LiveDrop,
  /** A roll of a personal unbox game, to ARENA_GAME[{token}]. */
  ARENA_GAME_ROLL: UnboxRoll,
} as const;

/** Names of server messages the spec lists whose payloads later issues define. */
export const PendingServerMessages = [
  'LOBBY_GAME_CREATED', 'LOBBY_GAME_UPDATED', 'LOBBY_GAME_CLOSED', 'LOBBY_GAME_JOINED', 'LOBBY_GAME_LEAVED',
  'LOBBY_GAME_PROCESS', 'ARENA_GAME_UPDATE', 'ARENA_GAME_STATUS', 'ARENA_GAME_RUN',
  'ARENA_GAME_CLOSED', 'LOBBY_ONLINE', 'ONLINE', 'FOLLOWER_FOLLOWED',
  'FOLLOWER_UNFOLLOWED', 'STREAM_ONLINE', 'STREAM_OFFLINE', 'ARENA_STATISTICS', 'LOBBY_BOX_DEPRECATED',
  '#USER_DATA_CHANGED', '#ACHIEVE_ISSUED', '#USER_RANK_CHANGED', '#EXPERIENCE_CHANGED', 'BASIC_VERIFY_REQUIRED',
  'PAYMENT_UPDATED', 'WALLET_WITHDRAW_CREATED', 'WALLET_WITHDRAW_FAILED', 'WALLET_WITHDRAW_CONFIRMED',
  'WALLET_DEPOSIT_CONFIRMED', 'PARTNER_LEVEL_CHANGED', 'COMMUNITY_KEY_ISSUED', 'INVENTORY_ASSET_ISSUED',
  'SERVER_MAINTENANCE', 'PROTECTION_CHALLENGE', 'CLOSE_PARTY', 'SECURE_REQUIRED', 'SECURE_CODE_REQUIRED',
  'PAGE_ACTIVE', 'MSG_CREATED', 'CHAT_PAUSED', 'MSG_HIDDEN', 'MSG_UNHIDDEN', 'MSG_DELETED',
  '#RADIO_ONLINE', '#RADIO_NEXT_SOUND', '#RADIO_SOUND_LIKE_UPDATE', '#RADIO_SOUND_REQUESTED', '#RADIO_QUEUE_CHANGE',
] as const;

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

/** Room names (DESIGN.md section 10). */
export const Rooms = {
  /** A player's own events; only that player's connections may join. */
  user: (hash: string) => `USER[${hash}]`,
  /** A public game by hash, or a personal game by its token. */
  arenaGame: (hashOrToken: string) => `ARENA_GAME[${hashOrToken}]`,
  lobby: 'LOBBY',
  radio: 'WAVE',
  partyLobby: 'STREAM_PARTY_LOBBY',
} as const;
