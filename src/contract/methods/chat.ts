import { ChatMessage, ChatUser, EmojiBundle, Rain, StealGame } from '../chat.ts';
import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { batchLabel, cents, choice, flag, hashId, int, stamp, success, text, z } from '../wire.ts';
import { secureCode } from './security.ts';

/** Chat users by hash. */
const usersByHash = () => z.record(z.string(), ChatUser);

/** A captcha token from the challenge provider (rain and steal joins). */
const captchaToken = () => text(1, 4096);
/** Ban durations in seconds: one minute up to 365 days (document 2 section 5). */
const banSeconds = () => int().check(z.gte(60), z.lte(365 * 86_400));

/** Public chat, tips, rain, split-or-steal and mutes (document 2 section 7). */
export const chatMethods = {
  'chat.messages': () => method({
    doc: 'The latest messages (50) with their users and emoji bundles, the send delay and the pause flag; staff add fields=hidden.',
    access: 'public',
    input: z.object({
      count: z.optional(int().check(z.gte(1), z.lte(100))),
      fields: z.optional(z.literal('hidden')),
      batch: batchLabel(),
    }),
    output: z.object({
      users: usersByHash(),
      /** Oldest first. */
      messages: z.array(ChatMessage),
      bundles: z.array(EmojiBundle),
      /** The send delay in seconds for this player (0 for staff). */
      user_timeout: z.number(),
      /** Milliseconds (server clock) until which this player's cooldown runs; 0 when none. */
      send_after: z.number(),
      paused: z.boolean(),
      /** Open sockets right now. */
      online: z.number(),
      /** The sim population's players on line now, counted apart from the sockets (0 outside the sim). */
      simulated: z.number(),
      /** Server time in milliseconds, to run the cooldown on the client's clock. */
      time: z.number(),
      /** The signed-in player as the chat sees them (scope, ban, partner); null for a visitor. */
      me: z.nullable(ChatUser),
    }),
  }),
  'chat.send': () => method({
    doc: 'Posts a message of at most 200 characters, optionally replying to one; answers the message and when the next send is allowed.',
    access: 'user',
    input: z.object({ text: text(1, 200), reply_hash: z.optional(hashId()) }),
    output: z.object({ message: ChatMessage, send_after: z.number() }),
  }),
  'chat.pause': () => method({
    doc: 'Staff pause (1) or resume (0) the chat for ordinary users.',
    access: 'user',
    input: z.object({ pause: flag() }),
    output: success(),
  }),
  'chat.delete': () => method({
    doc: 'Staff delete a message.',
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: success(),
  }),
  'chat.hide': () => method({
    doc: 'Staff hide (1) or unhide (0) a message.',
    access: 'user',
    input: z.object({ hash: hashId(), hide: flag() }),
    output: success(),
  }),
  'chat.ban': () => method({
    doc: 'Staff ban a player from chat for `duration` seconds (ban 1) or lift the ban (ban 0).',
    access: 'user',
    input: z
      .object({ user_hash: hashId(), duration: z.optional(banSeconds()), ban: flag() })
      .check(z.refine((v) => !v.ban || v.duration !== undefined, { message: 'duration required to ban', path: ['duration'] })),
    output: success(),
  }),

  'chat-tip.prepare': () => method({
    doc: 'Looks up the player a /tip command names by id, before the tip dialog opens.',
    access: 'user',
    input: z.object({ user_id: int().check(z.gte(1)) }),
    output: z.object({ user: PublicUser }),
  }),
  'chat-tip.send': () => method({
    doc: 'Tips coins (cents) from the withdrawable balance to a player, optionally anonymous; scope 4+ may mark it need_wager; players with 2FA send secure_code; answers the tip message and the balance.',
    access: 'user',
    money: true,
    input: z.object({
      user_hash: hashId(),
      amount: cents(),
      anonymous: z.optional(flag()),
      need_wager: z.optional(flag()),
      stamp: stamp(),
      secure_code: secureCode(),
    }),
    output: z.object({ success: z.boolean(), message: ChatMessage, balance: z.number() }),
  }),

  'chat-rain.get': () => method({
    doc: 'The current rain (active or drawing), if any, whether the player joined it, the pot now and when the next rain opens.',
    access: 'public',
    input: z.object({ batch: batchLabel() }),
    output: z.object({ rain: z.nullable(Rain), joined: z.boolean(), pot: z.number(), next_at: z.number() }),
  }),
  'chat-rain.join': () => method({
    doc: 'Joins the running rain; `token` is the proof-of-work nonce for the rain\'s captcha (CAPTCHA_REQUIRED without a right one).',
    access: 'user',
    input: z.object({ rain_hash: hashId(), token: z.optional(captchaToken()) }),
    output: z.object({ success: z.boolean(), participants: z.number() }),
  }),
  'chat-rain.tip': () => method({
    doc: 'Adds coins (cents, from the withdrawable balance) to the rain pot, optionally anonymous.',
    access: 'user',
    money: true,
    input: z.object({ amount: cents(), anonymous: z.optional(flag()), stamp: stamp() }),
    output: z.object({ success: z.boolean(), pot: z.number(), balance: z.number() }),
  }),
  'chat-rain.getRewards': () => method({
    doc: "The last finished rain with its rewards and the users they went to (the rain rewards modal and the recompute page); `rain_hash` picks another.",
    access: 'public',
    input: z.object({ rain_hash: z.optional(hashId()) }),
    output: z.object({ rain: z.nullable(Rain), users: usersByHash() }),
  }),

  'chat-steal.get': () => method({
    doc: 'The split-or-steal game (protocol version 2), whether the player joined, their seat among the picked players, and its users; with game_hash, that past game\'s public record (game null when there is none).',
    access: 'public',
    input: z.object({ version: z.optional(choice([2])), batch: batchLabel(), game_hash: z.optional(hashId()) }),
    output: z.object({
      game: z.nullable(StealGame),
      joined: z.boolean(),
      /** The caller's place among the picked players (null when not picked): how a picked player of an anonymous game finds their row. */
      seat: z.nullable(z.number()),
      users: usersByHash(),
    }),
  }),
  'chat-steal.join': () => method({
    doc: 'Joins a waiting split-or-steal game; `token` is the proof-of-work nonce of its captcha (CAPTCHA_REQUIRED otherwise).',
    access: 'user',
    input: z.object({ game_hash: hashId(), token: captchaToken() }),
    output: z.object({ success: z.boolean(), participants: z.number() }),
  }),
  'chat-steal.decision': () => method({
    doc: "A picked player's split or steal decision in the battling game; answers its public commitment.",
    access: 'user',
    input: z.object({ game_hash: hashId(), decision: z.enum(['split', 'steal']) }),
    output: z.object({ success: z.boolean(), decision_hashed: z.string() }),
  }),

  'chat-mute.loadMuted': () => method({
    doc: 'The players this player muted: user_hash to expiry time, and their users.',
    access: 'user',
    input: z.object({ batch: batchLabel() }),
    output: z.object({ muted: z.record(z.string(), z.number()), users: usersByHash() }),
  }),
  'chat-mute.mute': () => method({
    doc: "Hides a player's messages from this player until `expire` (unix seconds, 1, 7 or 30 days ahead).",
    access: 'user',
    input: z.object({ user_hash: hashId(), expire: int().check(z.gte(1)) }),
    output: success(),
  }),
  'chat-mute.unmute': () => method({
    doc: 'Lifts a mute.',
    access: 'user',
    input: z.object({ user_hash: hashId() }),
    output: success(),
  }),
};
