import { method } from '../define.ts';
import { AccountData, Marks, OwnedBadge, ProfileUser, PublicUser } from '../entities.ts';
import { built, flag, hashId, int, list, text, z } from '../wire.ts';

/** The name rules of document 1 section 5: 5-25 letters, digits or one underscore, not starting with a digit or underscore, not ending with one. */
const userName = () => z.string().check(z.regex(/^(?![\d_])(?!.*_.*_)(?!.*_$)\w{5,25}$/, 'Incorrect name'));
/**
 * Display names: the spec gives only the name's length bound; this server asks for 3 to 25
 * letters, digits, spaces, dots, dashes or underscores, starting and ending with a letter or digit.
 */
const displayName = () => z.string().check(z.regex(/^(?=.{3,25}$)[\p{L}\p{N}](?:[\p{L}\p{N} ._-]*[\p{L}\p{N}])?$/u, 'Incorrect display name'));
/** Marker names (document 1 section 3 'Marks'): lower-case letters, digits, underscores and dashes, 1 to 64 long. */
const MARKER_PATTERN = /^[a-z0-9_-]{1,64}$/;
/** The shortest and longest rest (account.break), in seconds: a day to a year. */
export const BREAK_MIN_S = 86_400;
export const BREAK_MAX_S = 365 * 86_400;
/** Input of the availability check: at least one of the two names. */
const nameCheck = () =>
  z
    .object({ name: z.optional(userName()), display_name: z.optional(displayName()) })
    .check(z.refine((v) => v.name !== undefined || v.display_name !== undefined, { message: 'name or display_name required', path: ['name'] }));

/** Account, user, profile and follower calls (document 1 section 7). */
export const accountMethods = {
  'user.getUser': () => method({
    doc: "Without user_name: the signed-in player's account data; with it: that player's public profile.",
    access: 'public',
    input: z.object({ user_name: z.optional(z.string().check(z.minLength(1), z.maxLength(25))) }),
    output: z.union([AccountData, z.object({ user: ProfileUser })]),
  }),
  'user.widget': () => method({
    doc: 'The hover widget of a player (the spec says "widget data"): the profile figures, by hash; an unknown hash answers NOT_FOUND.',
    access: 'public',
    input: z.object({ user_hash: hashId() }),
    output: z.object({ user: ProfileUser }),
  }),

  'account.applyMarkers': () => method({
    doc:
      'Sets markers (assistant scenarios done, badges seen) the player does not hold yet, each with the time first set; an empty list is a no-op. ' +
      'Answers every marker the player holds (the same map as account data `marks`).',
    access: 'user',
    input: z.object({ mark: list(z.string().check(z.regex(MARKER_PATTERN, 'Incorrect marker')), 50) }),
    output: z.object({ marks: Marks }),
  }),
  'account.preloadAvatar': () => method({
    doc:
      "Prepares the avatar upload (docs/decisions/0033): what the upload form needs before a file is chosen. The current avatar, whether an upload is allowed now " +
      '(an unspent one-off avatar right; `cards` counts avatar cards still held, which give one when activated), and the limits the upload checks: ' +
      "types, bytes and side. Takes nothing; changes nothing. When nothing allows an upload, `message` is the spec's ACCESS DENIED text.",
    access: 'user',
    input: z.object({}),
    output: z.object({
      avatar: z.nullable(z.string()),
      allowed: z.boolean(),
      rights: z.number(),
      cards: z.number(),
      message: z.nullable(z.string()),
      types: z.array(z.string()),
      max_bytes: z.number(),
      max_side: z.number(),
    }),
  }),
  'account.badges': () => method({
    doc: 'The badges the player owns (docs/decisions/0024: one per achievement held, plus granted ones) and the one shown beside the name.',
    access: 'user',
    input: z.object({}),
    output: z.object({ badges: z.array(OwnedBadge), shown: z.nullable(z.string()) }),
  }),
  'account.set-badge': () => method({
    doc: 'Shows an owned badge beside the name (user info.badge); a badge the player does not own answers INVALID_DATA. account.clearInfo {value: badge} hides it.',
    access: 'user',
    input: z.object({ badge: z.string().check(z.minLength(1), z.maxLength(64)) }),
    output: z.object({ success: z.boolean(), info: built(PublicUser).shape.info }),
  }),
  'account.checkName': () => method({
    doc: 'Whether a name or display name is free (nickname change); the spec calls the answer "availability".',
    access: 'user',
    input: nameCheck(),
    output: z.object({ available: z.boolean() }),
  }),
  'account.getCheckName': () => method({
    doc: 'The same availability check as account.checkName, under the second name the spec lists.',
    access: 'user',
    input: nameCheck(),
    output: z.object({ available: z.boolean() }),
  }),
  'account.updateSettings': () => method({
    doc: 'Changes name (spends a one-off nickname card), display name, status text or profile privacy (`private`: figures only for oneself); answers the profile.',
    access: 'user',
    input: z.object({ name: z.optional(userName()), display_name: z.optional(displayName()), status: z.optional(text(0, 100)), private: z.optional(flag()) }),
    output: z.object({ success: z.boolean(), user: ProfileUser }),
  }),
  'account.applyResource': () => method({
    doc:
      'Wears an avatar or pattern the player unpacked from a card: info.avatar (or info.pattern, the tile the profile header repeats) becomes its art until another upload, apply or clearInfo. ' +
      'A resource the player does not own is INVALID_DATA; the spec passes the payload through, this server names type and hash (docs/decisions/0025).',
    access: 'user',
    input: z.object({ type: z.enum(['avatar', 'pattern']), hash: text(1, 64) }),
    output: z.object({ success: z.boolean(), info: z.object({ avatar: z.nullable(z.string()), pattern: z.nullable(z.string()), badge: z.nullable(z.string()) }) }),
  }),
  'account.clearInfo': () => method({
    doc: 'Clears one profile decoration: the badge stops showing, the avatar goes back to the default one (the uploaded file is deleted), the pattern comes off. Answers the info left.',
    access: 'user',
    input: z.object({ value: z.enum(['avatar', 'pattern', 'badge']) }),
    output: z.object({ success: z.boolean(), info: built(PublicUser).shape.info }),
  }),
  'account.break': () => method({
    doc:
      'Starts a rest (break) until `expire` (unix seconds, a day to a year away): every money method but withdrawals, the vault and gift codes answers ACCESS_DENIED until then; ' +
      'a break can be made longer, never shorter. Answers when it ends.',
    access: 'user',
    input: z.object({ expire: int().check(z.gte(1)) }),
    output: z.object({ success: z.boolean(), break_until: z.number() }),
  }),

  'achieve.getHexagone': () => method({
    doc:
      "A player's hexagon board: every achievement of the catalogue with count (1 held, 0 not), usage (percent of players holding it, 0 shown as 0.01), " +
      "rarity and when it was issued; an unknown name answers 'User not found.' and the client shows /404.",
    access: 'public',
    input: z.object({ user_name: z.string().check(z.minLength(1), z.maxLength(25)) }),
    output: z.object({
      achieves: z.array(
        z.object({
          name: z.string(),
          title: z.string(),
          description: z.string(),
          rarity: z.string(),
          image: z.nullable(z.string()),
          count: z.number(),
          usage: z.number(),
          issued_at: z.nullable(z.number()),
        }),
      ),
    }),
  }),

  'follower.follow': () => method({
    doc: 'Follows a player: oneself or a player already followed answers INVALID_DATA, an unknown hash NOT_FOUND. Answers their followers_count.',
    access: 'user',
    input: z.object({ user_hash: hashId() }),
    output: z.object({ success: z.boolean(), followers_count: z.number() }),
  }),
  'follower.unfollow': () => method({
    doc: 'Stops following a player (INVALID_DATA when not following, NOT_FOUND for an unknown hash). Answers their followers_count.',
    access: 'user',
    input: z.object({ user_hash: hashId() }),
    output: z.object({ success: z.boolean(), followers_count: z.number() }),
  }),
  'follower.followings': () => method({
    doc: 'Hashes of the players the signed-in player follows.',
    access: 'user',
    input: z.object({}),
    output: z.object({ hashes: z.array(z.string()) }),
  }),
};
