/** Profiles, follows, the hover widget and account settings (the rest included). */
import { NumericError } from '../../../src/contract/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Domain } from '../../rpc/context.ts';
import { findUserByName } from '../../kernel/users.ts';
import { hexagonOf } from '../progression/achievements.ts';
import { follow, followings, unfollow, userByHash } from './follows.ts';
import { profileOf } from './profile.ts';
import { nameAvailable, startBreak, updateSettings } from './settings.ts';

async function checkName(params: { name?: string; display_name?: string }, ctx: CallContext) {
  const user = requireUser(ctx);
  const names = [params.name, params.display_name].filter((n): n is string => n !== undefined);
  // Stops at the first name taken, as every() did.
  let available = true;
  for (const name of names) {
    if (!(await nameAvailable(ctx.db, user, name))) {
      available = false;
      break;
    }
  }
  return { available };
}

export const profiles: Domain = {
  handlers: {
    'user.widget': async (params, ctx) => ({ user: await profileOf(ctx.db, ctx.raceBoards, await userByHash(ctx.db, params.user_hash), ctx.user?.id ?? null, ctx.config.now()) }),
    'follower.follow': (params, ctx) => ctx.db.transaction((tx) => follow(tx, ctx.hub, requireUser(ctx), params.user_hash, ctx.config.now())),
    'follower.unfollow': (params, ctx) => ctx.db.transaction((tx) => unfollow(tx, ctx.hub, requireUser(ctx), params.user_hash)),
    'follower.followings': async (_params, ctx) => ({ hashes: await followings(ctx.db, requireUser(ctx).id) }),
    'account.checkName': (params, ctx) => checkName(params, ctx),
    'account.getCheckName': (params, ctx) => checkName(params, ctx),
    'account.updateSettings': async (params, ctx) => {
      const user = requireUser(ctx);
      const updated = await ctx.db.transaction((tx) => updateSettings(tx, user, params, ctx.config.now()));
      return { success: true, user: await profileOf(ctx.db, ctx.raceBoards, updated, user.id, ctx.config.now()) };
    },
    'achieve.getHexagone': async (params, ctx) => {
      const user = await findUserByName(ctx.db, params.user_name);
      if (!user) fail(NumericError.NOT_FOUND, 'User not found.');
      return { achieves: await hexagonOf(ctx.db, user.id) };
    },
    'account.break': async (params, ctx) => {
      const user = requireUser(ctx);
      const until = await ctx.db.transaction((tx) => startBreak(tx, user, params.expire, ctx.config.now()));
      return { success: true, break_until: Math.floor(until / 1000) };
    },
  },
};

/** user.getUser with a name: the profile, or 'User not found.' (the client shows /404). */
export async function profileByName(ctx: CallContext, name: string) {
  const user = await findUserByName(ctx.db, name);
  if (!user) fail(NumericError.NOT_FOUND, 'User not found.');
  return { user: await profileOf(ctx.db, ctx.raceBoards, user, ctx.user?.id ?? null, ctx.config.now()) };
}
