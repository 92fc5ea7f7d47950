/**
 * The public chat's entities (document 2 section 3): messages, the users they name, emoji
 * bundles and the socket frames of the CHAT room. The rules both sides apply to them live in
 * src/core/chat.ts.
 */
import { PublicUser } from './entities.ts';
import { built, z } from './wire.ts';

/** A player as the chat shows them: the public user plus whether a chat ban runs now. */
export const ChatUser = z.lazy(() => z.extend(built(PublicUser), {
  banned: z.boolean(),
  /** Unix seconds the chat ban ends; 0 when none runs. */
  banned_until: z.number(),
  partnership: z.object({ partner_hash: z.nullable(z.string()) }),
}));
/** A chat user. */
export type ChatUser = z.output<typeof ChatUser>;

/** Where a message comes from (document 2 section 3 lists them); null for a player's own words. The server posts every one (docs/decisions/0050). */
export const ChatOrigin = z.lazy(() => z.nullable(z.enum(['tip', 'system', 'arena_drop', 'game_chicken', 'radio', 'stream', 'chat_steal', 'card_activated', 'rakeback_rain'])));

/** A player a special message names, inline (document 2: players and users of a message's details). */
export const ChatNamedPlayer = z.lazy(() => z.object({
  hash: z.string(),
  display_name: z.string(),
  level: z.number(),
  /** chat_steal: the decision shown once the game closed (null: none was sent, which counts as split). */
  decision: z.optional(z.nullable(z.enum(['split', 'steal']))),
  /** Cents this player got. */
  reward: z.number(),
}));

/**
 * A message's details. Each origin carries its own fields (document 2 section 3 names them;
 * docs/decisions/0050 says when the server posts each): a tip its amount and recipient,
 * game_chicken the game, arena_drop the drop, radio the song, stream the channel, chat_steal
 * the game's players, card_activated the card, system its type (the discord promo, or an item
 * whose hash is the JSON text), rakeback_rain its type (a rain's rewards or a tip into it).
 */
export const ChatDetails = z.lazy(() => z.object({
  /** Cents. */
  amount: z.optional(z.number()),
  recipient_hash: z.optional(z.string()),
  recepient_name: z.optional(z.string()),
  anonymous: z.optional(z.boolean()),
  need_wager: z.optional(z.boolean()),
  /** The sender carries the kick tag (the tip visibility rule of document 2 section 6). */
  kick: z.optional(z.boolean()),
  /** game_chicken: the game's hash, its risk level, the stake and payout (cents) and the multiplier (ten-thousandths). */
  game_hash: z.optional(z.string()),
  risk: z.optional(z.string()),
  bet: z.optional(z.number()),
  payout: z.optional(z.number()),
  multiplier: z.optional(z.number()),
  /** system: 'discord' or 'item'; rakeback_rain: 'rewards' or 'tip'. */
  type: z.optional(z.string()),
  /** arena_drop: the item's value (cents) and rarity, the game's page and kind, the case's picture, the round of the battle. */
  drop_price: z.optional(z.number()),
  item_rarity: z.optional(z.string()),
  game_path: z.optional(z.string()),
  game_type: z.optional(z.enum(['battle', 'unbox'])),
  box_miniature: z.optional(z.string()),
  game_round: z.optional(z.number()),
  game_rounds: z.optional(z.number()),
  /** arena_drop and card_activated: the item or card shown (its picture, kind and name). */
  asset_image: z.optional(z.string()),
  asset_type: z.optional(z.string()),
  asset_name: z.optional(z.string()),
  /** card_activated: what the card started (a booster kind: rain_boost, xp_multiplier ...). */
  asset_details: z.optional(z.object({ type: z.string() })),
  /** radio: the requested song (`name` is also an arena_drop's case and a stream's title). */
  album: z.optional(z.string()),
  author: z.optional(z.string()),
  image: z.optional(z.string()),
  name: z.optional(z.string()),
  year: z.optional(z.number()),
  /** stream: the channel gone live (its title is `name`). */
  stream_preview: z.optional(z.string()),
  stream_clip: z.optional(z.string()),
  channel_followers: z.optional(z.number()),
  channel_url: z.optional(z.string()),
  /** chat_steal and rakeback_rain: the reward in cents, how many joined, and the players paid (chat_steal: the picks). */
  reward: z.optional(z.number()),
  participants: z.optional(z.number()),
  players: z.optional(z.array(ChatNamedPlayer)),
  /** chat_steal: how the game ended. */
  result: z.optional(z.enum(['split', 'steal', 'lost', 'cancelled'])),
  /** system discord: where the button leads. */
  url: z.optional(z.string()),
}));

/** One chat message. Times are milliseconds. */
export const ChatMessage = z.lazy(() => z.object({
  hash: z.string(),
  text: z.string(),
  time: z.number(),
  type: z.literal('public'),
  origin: ChatOrigin,
  details: ChatDetails,
  hidden: z.boolean(),
  reply_hash: z.nullable(z.string()),
  /** The author; null for an anonymous tip (only its sender and staff see `sender_hash`). */
  user_hash: z.nullable(z.string()),
  sender_hash: z.optional(z.string()),
}));
/** A chat message. */
export type ChatMessage = z.output<typeof ChatMessage>;

/** One emoji of a bundle; its text form in a message is `::{bundle key}_{index}::`. */
export const ChatEmoji = z.lazy(() => z.object({ index: z.number(), token: z.string(), emoji: z.string() }));

/** An emoji bundle (pack): key, name, the free tag, its emojis. */
export const EmojiBundle = z.lazy(() => z.object({
  hash: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.literal('emojis'),
  tags: z.array(z.string()),
  /** Document 2: rarity high 3, medium 2, low 1. */
  rarity: z.number(),
  content: z.array(ChatEmoji),
}));
/** An emoji bundle. */
export type EmojiBundle = z.output<typeof EmojiBundle>;

/** Rain join requirements (document 2 section 5); the steam_* keys are not offered by the sim. */
export const RainConditions = z.lazy(() => z.object({
  min_level: z.optional(z.number()),
  last_hour: z.optional(z.boolean()),
  /** Cents wagered in the last 7 days. */
  min_wagered: z.optional(z.number()),
  prev_wager: z.optional(z.boolean()),
  /** The site name in the Steam persona name (src/core/steam-profile.ts). */
  steam_put_name: z.optional(z.boolean()),
  steam_min_level: z.optional(z.number()),
  /** Steam profile and inventory public. */
  steam_public_profile: z.optional(z.boolean()),
}));

/**
 * A rain: joining is open until `states.end_in`, then the sorted participants and their
 * SHA-256 are published, and the first beacon block after the close draws the shares
 * (src/core/rain.ts rainShares). Amounts in cents, times in milliseconds.
 */
export const Rain = z.lazy(() => z.object({
  hash: z.string(),
  status: z.enum(['active', 'drawing', 'finished']),
  /** The pot: live while active, fixed when joining closes. */
  amount: z.number(),
  conditions: RainConditions,
  states: z.object({ start_in: z.number(), end_in: z.number() }),
  /** How many joined. */
  participants: z.number(),
  captcha: z.object({ challenge: z.string(), difficulty: z.number() }),
  /** Published when joining closes: the participants' hashes, sorted, and SHA-256 of them joined by commas. */
  participants_list: z.nullable(z.array(z.string())),
  participants_hash: z.nullable(z.string()),
  beacon: z.nullable(z.object({ number: z.number(), id: z.string() })),
  rewards: z.array(z.object({ user_hash: z.string(), reward: z.number() })),
}));
/** A rain. */
export type Rain = z.output<typeof Rain>;

/**
 * A split-or-steal player: the decision's commitment, and the decision once the game closed.
 * In an anonymous game `hash` is null until it closes: nobody sees who was picked.
 */
export const StealPlayer = z.lazy(() => z.object({
  hash: z.nullable(z.string()),
  decision_hashed: z.nullable(z.string()),
  decision: z.nullable(z.enum(['split', 'steal'])),
  salt: z.nullable(z.string()),
  reward: z.number(),
}));

/**
 * The published draw of a split-or-steal game (document 2 "Roulette data"): the sorted
 * participants it drew from, the strip of 30 units, the index it settles on and when it stops
 * (battle_at - 2 s). With the beacon and the game hash, src/core/steal-roulette.ts replays it.
 */
export const StealRoulette = z.lazy(() => z.object({
  participants: z.array(z.string()),
  units: z.array(z.string()),
  index: z.number(),
  timestamp_end: z.number(),
}));

/**
 * A split-or-steal game (document 2): waiting (joining), rolling (the beacon picks 1 to 6
 * winners and the roulette spins), battling (each commits split or steal as
 * SHA-256(decision-salt)), closed. All split share the reward, exactly one steal takes it
 * all, two or more steals lose it.
 */
export const StealGame = z.lazy(() => z.object({
  hash: z.string(),
  status: z.enum(['waiting', 'rolling', 'battling', 'closed']),
  /**
   * An anonymous game keeps its draw to itself until it closes: `roulette` is null,
   * `players_hashes` empty and each player's `hash` null; its joined players cannot write in the
   * chat while it battles ("You're in the giveaway"). Everything is published at the close.
   */
  anonymous: z.boolean(),
  reward: z.number(),
  conditions: RainConditions,
  captcha: z.object({ challenge: z.string(), difficulty: z.number() }),
  participants: z.number(),
  players: z.array(StealPlayer),
  winners: z.number(),
  roulette: z.nullable(StealRoulette),
  players_hashes: z.array(z.string()),
  states: z.object({ roll_at: z.number(), battle_at: z.nullable(z.number()), end_at: z.nullable(z.number()) }),
  beacon: z.nullable(z.string()),
  result: z.nullable(z.enum(['split', 'steal', 'lost', 'cancelled'])),
}));
/** A split-or-steal game. */
export type StealGame = z.output<typeof StealGame>;

/** The frames of the CHAT room, each a function that builds its schema (ServerMessages builds it on first use). */
export const ChatFrames = {
  /** A new message with the users it names (author, reply author, tip recipient). */
  MSG_CREATED: () => z.object({ message: ChatMessage, users: z.array(ChatUser) }),
  /** Staff paused or resumed the chat for ordinary players. */
  CHAT_PAUSED: () => z.object({ paused: z.boolean() }),
  /** Staff hid a message: staff blur it, its author keeps it, everyone else drops it. */
  MSG_HIDDEN: () => z.object({ hash: z.string() }),
  /** Staff unhid a message: everyone but its author (who kept it) gets it back. */
  MSG_UNHIDDEN: () => z.object({ message: ChatMessage, users: z.array(ChatUser) }),
  /** Staff removed a message for good. */
  MSG_DELETED: () => z.object({ hash: z.string() }),
  /** A chat ban started or was lifted. */
  CHAT_USER_BANNED: () => z.object({ user: ChatUser }),
  /** A rain opened for joining. */
  CHAT_RAIN_ACTIVE: () => z.object({ rain: Rain }),
  /** Someone joined: the new count. */
  CHAT_RAIN_PARTICIPANTS: () => z.object({ rain_hash: z.string(), participants: z.number() }),
  /** Joining closed: the participants list and its hash are public, the draw waits for the beacon. */
  CHAT_RAIN_SHARE: () => z.object({ rain: Rain }),
  /** The draw paid the pot out. */
  CHAT_RAIN_FINISHED: () => z.object({ rain: Rain, users: z.array(ChatUser) }),
  /** The pot that the next (or running) rain will split, as the house and tips fill it. */
  CHAT_RAIN_POT: () => z.object({ pot: z.number() }),
  /** A split-or-steal game opened for joining. */
  CHAT_STEAL_CREATED: () => z.object({ game: StealGame }),
  /** The game changed (a join, a decision committed, closed). */
  CHAT_STEAL_UPDATED: () => z.object({ game: StealGame, users: z.array(ChatUser) }),
  /** The beacon picked the two players. */
  CHAT_STEAL_ROLL: () => z.object({ game: StealGame, users: z.array(ChatUser) }),
  /** The real number of open sockets, and apart the sim population's players on line, sent when either changes. */
  CHAT_ONLINE: () => z.object({ online: z.number(), simulated: z.number() }),
} as const;
