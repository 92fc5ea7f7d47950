/** partnership.activateCode and partnership.getPartner: the referral side of the deposit bonus. */
import { NamedError, NumericError } from '../../../src/contract/index.ts';
import { AppError, fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { applyCode, promoCooldown, recordWrongCode, referralOf } from './referrals.ts';
import { claimCredit, creditDashboard, removeCredit } from './sponsor-credit.ts';

/** Partnership methods of the wallet: the deposit bonus and the sponsor credit. */
export const partnershipHandlers: Handlers = {
  'partnership.activateCode': ({ code, anonymous }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    const wait = promoCooldown(ctx.db, user.id, now);
    if (wait > 0) fail(NamedError.CODE_ACTIVATION_DELAY, `Too many wrong codes. Try again in ${wait} s`);
    try {
      return ctx.moneyTx((tx) => {
        applyCode(tx, user.id, { code, anonymous: anonymous ?? false }, now);
        return { success: true };
      });
    } catch (error) {
      // The refusal rolled the call back; the attempt is kept on its own for the cooldown.
      if (error instanceof AppError && (error.code === NumericError.INVALID_CODE || error.code === NumericError.CODE_UNAVAILABLE)) recordWrongCode(ctx.db, user.id, now);
      throw error;
    }
  },
  'partnership.getPartner': (_params, ctx) => referralOf(ctx.db, requireUser(ctx).id, ctx.config.now()),
  'partnership-plus.dashboard': (_params, ctx) => creditDashboard(ctx.db, ctx.ledger, requireUser(ctx)),
  'partnership-plus.claim-credit': (_params, ctx) => ctx.moneyTx((tx) => claimCredit(tx, { ...ctx, now: ctx.config.now() }, requireUser(ctx))),
  'partnership-plus.remove-credit': (_params, ctx) => ctx.moneyTx((tx) => removeCredit(tx, { ...ctx, now: ctx.config.now() }, requireUser(ctx))),
};
