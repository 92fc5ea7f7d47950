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
  'partnership.activateCode': async ({ code, anonymous }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    const wait = await promoCooldown(ctx.db, user.id, now);
    if (wait > 0) fail(NamedError.CODE_ACTIVATION_DELAY, `Too many wrong codes. Try again in ${wait} s`);
    try {
      return await ctx.moneyTx(async (tx) => {
        await applyCode(tx, user.id, { code, anonymous: anonymous ?? false }, { now, origin: await callerOrigin(tx, ctx), addressChecks: ctx.config.addressChecks });
        return { success: true };
      });
    } catch (error) {
      // The refusal rolled the call back; the attempt is kept on its own for the cooldown.
      if (error instanceof AppError && (error.code === NumericError.INVALID_CODE || error.code === NumericError.CODE_UNAVAILABLE)) await recordWrongCode(ctx.db, user.id, now);
      throw error;
    }
  },
  'partnership.getPartner': (_params, ctx) => referralOf(ctx.db, requireUser(ctx).id, ctx.config.now()),
  'partnership.referrals': async ({ offset, count }, ctx) => {
    const user = requireUser(ctx);
    const afterUserId = offset ? parseHash(offset) : null;
    if (offset && afterUserId === null) fail(NumericError.INPUT_ERROR, 'offset must be a referral hash');
    const pageSize = count ?? 20;
    // One row past the page says whether another page follows.
    const rows = await referralsPage(ctx.db, user.id, { afterUserId, count: pageSize + 1 });
    return { code: await codeOf(ctx.db, user), earnings: await earningsOf(ctx.db, user.id), referrals: rows.slice(0, pageSize), has_more: rows.length > pageSize };
  },
  'partnership.visit': async ({ code }, ctx) => ({ success: await ctx.db.transaction((tx) => countVisit(tx, code, ctx.config.now())) }),
  'partnership-plus.claim-earn': (_params, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => ({ ...await claimEarnings(tx, ctx.ledger, user.id), earnings: await earningsOf(tx, user.id) }));
  },
  'partnership-plus.claim-credit': (_params, ctx) => ctx.moneyTx((tx) => claimCredit(tx, { ...ctx, now: ctx.config.now() }, requireUser(ctx))),
  'partnership-plus.remove-credit': (_params, ctx) => ctx.moneyTx((tx) => removeCredit(tx, { ...ctx, now: ctx.config.now() }, requireUser(ctx))),
};
