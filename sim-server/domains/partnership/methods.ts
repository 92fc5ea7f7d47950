/** partnership.activateCode and partnership.getPartner: the referral side of the deposit bonus. */
import { NamedError, NumericError } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/index.ts';
import { callerOrigin } from '../../auth/sessions.ts';
import { AppError, fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { codeOf } from './codes.ts';
import { claimEarnings, countVisit, earningsOf, referralsPage } from './earnings.ts';
import { applyCode, promoCooldown, recordWrongCode, referralOf } from './referrals.ts';
import { claimCredit, removeCredit } from './sponsor-credit.ts';

/** Partnership methods of the wallet: the deposit bonus and the sponsor credit. */
export const partnershipHandlers: Handlers = {
  'partnership.activateCode': ({ code, anonymous }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    const wait = promoCooldown(ctx.db, user.id, now);
    if (wait > 0) fail(NamedError.CODE_ACTIVATION_DELAY, `Too many wrong codes. Try again in ${wait} s`);
    try {
      return ctx.moneyTx((tx) => {
        applyCode(tx, user.id, { code, anonymous: anonymous ?? false }, { now, origin: callerOrigin(tx, ctx), addressChecks: ctx.config.addressChecks });
        return { success: true };
      });
    } catch (error) {
      // The refusal rolled the call back; the attempt is kept on its own for the cooldown.
      if (error instanceof AppError && (error.code === NumericError.INVALID_CODE || error.code === NumericError.CODE_UNAVAILABLE)) recordWrongCode(ctx.db, user.id, now);
      throw error;
    }
  },
  'partnership.getPartner': (_params, ctx) => referralOf(ctx.db, requireUser(ctx).id, ctx.config.now()),
  'partnership.referrals': ({ offset, count }, ctx) => {
    const user = requireUser(ctx);
    const afterUserId = offset ? parseHash(offset) : null;
    if (offset && afterUserId === null) fail(NumericError.INPUT_ERROR, 'offset must be a referral hash');
    const pageSize = count ?? 20;
    // One row past the page says whether another page follows.
    const rows = referralsPage(ctx.db, user.id, { afterUserId, count: pageSize + 1 });
    return { code: codeOf(ctx.db, user), earnings: earningsOf(ctx.db, user.id), referrals: rows.slice(0, pageSize), has_more: rows.length > pageSize };
  },
  'partnership.visit': ({ code }, ctx) => ({ success: ctx.db.transaction((tx) => countVisit(tx, code, ctx.config.now())) }),
  'partnership-plus.claim-earn': (_params, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx((tx) => ({ ...claimEarnings(tx, ctx.ledger, user.id), earnings: earningsOf(tx, user.id) }));
  },
  'partnership-plus.claim-credit': (_params, ctx) => ctx.moneyTx((tx) => claimCredit(tx, { ...ctx, now: ctx.config.now() }, requireUser(ctx))),
  'partnership-plus.remove-credit': (_params, ctx) => ctx.moneyTx((tx) => removeCredit(tx, { ...ctx, now: ctx.config.now() }, requireUser(ctx))),
};
