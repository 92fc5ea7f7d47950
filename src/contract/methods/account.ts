import { method, unshown } from '../define.ts';
import { AccountData, PublicUser } from '../entities.ts';
import { hashId, int, list, text, z } from '../wire.ts';

/** The name rules of document 1 section 5: 5-25 letters, digits or one underscore, not starting with a digit or underscore, not ending with one. */
const userName = () => z.string().check(z.regex(/^(?![\d_])(?!.*_.*_)(?!.*_$)\w{5,25}$/, 'Incorrect name'));
/** Display names: the spec gives no rule beyond the name's length bound. */
const displayName = () => text(1, 25);
/** Input of the availability check: at least one of the two names. */
const nameCheck = z
  .object({ name: z.optional(userName()), display_name: z.optional(displayName()) })
  .check(z.refine((v) => v.name !== undefined || v.display_name !== undefined, { message: 'name or display_name required', path: ['name'] }));

/** Account, user, profile and follower calls (document 1 section 7). */
export const accountMethods = {
  'user.getUser': method({
    doc: "Without user_name: the signed-in player's account data; with it: that player's public profile.",
    access: 'public',
    input: z.object({ user_name: z.optional(z.string().check(z.minLength(1), z.maxLength(25))) }),
    output: z.union([AccountData, z.object({ user: PublicUser })]),
  }),
  'user.widget': method({
    doc: 'The hover widget of a player; the answer is described only as "widget data".',
    access: 'public',
    planned: true,
    input: z.object({ user_hash: hashId() }),
    output: z.unknown(),
  }),

  'account.applyMarkers': method({
    doc: 'Stores markers (assistant scenarios done, badges seen) against the player; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ mark: list(z.string().check(z.minLength(1), z.maxLength(64)), 50) }),
    output: z.unknown(),
  }),
  'account.preloadAvatar': method({
    doc: "Prepares the player's avatar upload; takes nothing, answer not shown.",
    access: 'user',
    planned: true,
    input: z.object({}),
    output: z.unknown(),
  }),
  'account.badges': unshown({ doc: 'The badges the player may show.', access: 'user', planned: true }),
  'account.set-badge': unshown({ doc: 'Chooses the badge shown beside the name.', access: 'user', planned: true }),
  'account.checkName': method({
    doc: 'Whether a name or display name is free (nickname change); the spec calls the answer "availability".',
    access: 'user',
    planned: true,
    input: nameCheck,
    output: z.object({ available: z.boolean() }),
  }),
  'account.getCheckName': method({
    doc: 'The same availability check as account.checkName, under the second name the spec lists.',
    access: 'user',
    planned: true,
    input: nameCheck,
    output: z.object({ available: z.boolean() }),
  }),
  'account.updateSettings': method({
    doc: 'Changes name (spends a one-off nickname card), display name or status text; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ name: z.optional(userName()), display_name: z.optional(displayName()), status: z.optional(text(0, 100)) }),
    output: z.unknown(),
  }),
  'account.applyResource': unshown({ doc: 'Applies an owned avatar or pattern resource to the profile (payload passed through).', access: 'user', planned: true }),
  'account.clearInfo': method({
    doc: "Clears one profile decoration (info.avatar, info.pattern or info.badge); answer not shown.",
    access: 'user',
    planned: true,
    input: z.object({ value: z.enum(['avatar', 'pattern', 'badge']) }),
    output: z.unknown(),
  }),
  'account.break': method({
    doc: 'Starts a rest (break) until `expire` (unix seconds): no arena or case opening, payments still allowed; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ expire: int().check(z.gte(1)) }),
    output: z.unknown(),
  }),

  'achieve.getHexagone': method({
    doc: "A player's achievements; an unknown name answers 'User not found.' and the client shows /404.",
    access: 'public',
    planned: true,
    input: z.object({ user_name: z.string().check(z.minLength(1), z.maxLength(25)) }),
    output: z.object({ achieves: z.array(z.unknown()) }),
  }),

  'follower.follow': method({
    doc: 'Follows a player; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ user_hash: hashId() }),
    output: z.unknown(),
  }),
  'follower.unfollow': method({
    doc: 'Stops following a player; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ user_hash: hashId() }),
    output: z.unknown(),
  }),
  'follower.followings': method({
    doc: 'Hashes of the players the signed-in player follows.',
    access: 'user',
    planned: true,
    input: z.object({}),
    output: z.object({ hashes: z.array(z.string()) }),
  }),
};
