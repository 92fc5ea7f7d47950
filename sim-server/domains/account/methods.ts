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
  'user.getUser': (params, ctx) => {
    if (params.user_name !== undefined) return profileByName(ctx, params.user_name);
    if (!ctx.user) throw new AppError(NumericError.ACCESS_DENIED, 'jwt must be provided');
    return {
      user: publicUser(ctx.user),
      user_progress: { level: publicUser(ctx.user).level, exp: ctx.user.exp },
      user_wallet: { balance: ctx.ledger.balance(ctx.db, { user: ctx.user.id }) },
      partnership: { borrow: ctx.ledger.split(ctx.db, ctx.user.id).borrow, challenge: challengeOf(ctx.db, ctx.user.id) },
      loaded: true,
      marks: marksOf(ctx.db, ctx.user.id),
    };
  },
  'account.applyMarkers': (params, ctx) => {
    const user = requireUser(ctx);
    return { marks: ctx.db.transaction((tx) => applyMarkers(tx, user.id, params.mark, ctx.config.now())) };
  },
  'account.badges': (_params, ctx) => {
    const user = requireUser(ctx);
    return { badges: ownedBadges(ctx.db, user.id), shown: findUserById(ctx.db, user.id)!.badge };
  },
  'account.set-badge': (params, ctx) => {
    const user = requireUser(ctx);
    ctx.db.transaction((tx) => setBadge(tx, user.id, params.badge));
    return { success: true, info: publicUser(findUserById(ctx.db, user.id)!).info };
  },
  'account.clearInfo': (params, ctx) => {
    const user = requireUser(ctx);
    if (params.value === 'badge') ctx.db.run('UPDATE users SET badge = NULL WHERE id = ?', user.id);
    if (params.value === 'avatar') clearAvatar(ctx, user.id);
    if (params.value === 'pattern') ctx.db.run('UPDATE users SET pattern = NULL WHERE id = ?', user.id);
    return { success: true, info: publicUser(findUserById(ctx.db, user.id)!).info };
  },
};
