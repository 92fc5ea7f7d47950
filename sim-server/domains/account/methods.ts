import { NumericError } from '../../../src/contract/index.ts';
import { AppError } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { challengeOf } from '../partnership/sponsor-credit.ts';
import { clearAvatar } from '../customize/index.ts';
import { profileByName } from '../profiles/index.ts';
import { ownedBadges, setBadge } from './badges.ts';
import { applyMarkers, marksOf } from './markers.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';

/** account.* and user.* methods. */
export const accountHandlers: Handlers = {
  'user.getUser': async (params, ctx) => {
    if (params.user_name !== undefined) return profileByName(ctx, params.user_name);
    if (!ctx.user) throw new AppError(NumericError.ACCESS_DENIED, 'jwt must be provided');
    return {
      user: publicUser(ctx.user),
      user_progress: { level: publicUser(ctx.user).level, exp: ctx.user.exp },
      user_wallet: { balance: await ctx.ledger.balance(ctx.db, { user: ctx.user.id }) },
      partnership: { borrow: (await ctx.ledger.split(ctx.db, ctx.user.id)).borrow, challenge: await challengeOf(ctx.db, ctx.user.id) },
      loaded: true,
      marks: await marksOf(ctx.db, ctx.user.id),
    };
  },
  'account.applyMarkers': async (params, ctx) => {
    const user = requireUser(ctx);
    return { marks: await ctx.db.transaction((tx) => applyMarkers(tx, user.id, params.mark, ctx.config.now())) };
  },
  'account.badges': async (_params, ctx) => {
    const user = requireUser(ctx);
    return { badges: await ownedBadges(ctx.db, user.id), shown: (await findUserById(ctx.db, user.id))!.badge };
  },
  'account.set-badge': async (params, ctx) => {
    const user = requireUser(ctx);
    await ctx.db.transaction((tx) => setBadge(tx, user.id, params.badge));
    return { success: true, info: publicUser((await findUserById(ctx.db, user.id))!).info };
  },
  'account.clearInfo': async (params, ctx) => {
    const user = requireUser(ctx);
    if (params.value === 'badge') await ctx.db.run('UPDATE users SET badge = NULL WHERE id = ?', user.id);
    if (params.value === 'avatar') await clearAvatar(ctx, user.id);
    if (params.value === 'pattern') await ctx.db.run('UPDATE users SET pattern = NULL WHERE id = ?', user.id);
    return { success: true, info: publicUser((await findUserById(ctx.db, user.id))!).info };
  },
};
