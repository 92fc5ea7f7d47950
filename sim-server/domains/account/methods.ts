import { NumericError } from '../../../src/contract/index.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../rpc/context.ts';
import { challengeOf } from '../partnership/sponsor-credit.ts';
import { profileByName } from '../profiles/index.ts';
import { publicUser } from './users.ts';

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
    };
  },
};
