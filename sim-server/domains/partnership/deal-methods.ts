/**
 * partnership-plus deals, their return, the credit time, expenses, tiers, the programme's
 * admin settings and activate-code (docs/decisions/0028).
 */
import { GIFT_CODE_PATTERN, NumericError, PARTNER_EXPENSE_TYPES } from '../../../src/contract/index.ts';
import { PARTNER_TIERS, dealRoi, estimateDealRoi, parseHash, partnerTier, toHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers, type Services } from '../../rpc/context.ts';
import type { Tx } from '../../db/database.ts';
import { hasTag } from '../../kernel/users.ts';
import { partnerByCode } from './codes.ts';
import { partnershipHandlers } from './methods.ts';
import { partnerOf } from './referrals.ts';
import { changeDealTerms, dealSettingsOf, dealTermsOf, requireStaff, saveDealSettings, sponsorSchedule } from './deal-terms.ts';
import { cancelDeal, checkDealAmount, dealView, dealWagered, latestDeal, referralWagered, renewDeal, startDeal } from './deals.ts';
import { periodFigures } from './partner-stats.ts';
import { requirePartner } from './races.ts';

/**
 * Redeeming a wallet gift code (payments/gift-methods.ts redeemWalletGift), which activate-code
 * takes too. Payments credits partners (referral bonuses, sponsor credit), so partnership sits
 * below it and imports none of it: domains/ports.ts fills this at wiring time.
 */
export interface WalletGifts {
  redeem(tx: Tx, services: Services, userId: number, code: string): Promise<{ success: boolean; cause?: string }>;
}

declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** The wallet's gift codes as partnership-plus.activate-code uses them (partnership/deal-methods.ts). */
    walletGifts: WalletGifts;
  }
}

const DAY_S = 86_400;
/** activate-code with the code of the player's own partner. */
export const ALREADY_USED = 'You already use this code';
const PAGE_SIZE = 20;

export const dealHandlers: Handlers = {
  'partnership-plus.deal': async (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const deal = await latestDeal(ctx.db, user.id);
    return { deal: deal ? dealView(deal) : null, terms: (await dealTermsOf(ctx.db)).settings, tier: { ...partnerTier(await referralWagered(ctx.db, user.id)) }, settings: await dealSettingsOf(ctx.db, user.id) };
  },
  'partnership-plus.confirm-deal': ({ amount }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => ({ deal: dealView(await startDeal(tx, user, amount, ctx.config.now())) }));
  },
  'partnership-plus.deal-settings-action': ({ action }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    return ctx.moneyTx(async (tx) => {
      if (action === 'renew') return { deal: dealView(await renewDeal(tx, user, now)), returned: 0 };
      const { deal, returned } = await cancelDeal(tx, { ledger: ctx.ledger, hub: ctx.hub, now }, user);
      return { deal: dealView(deal), returned };
    });
  },
  'partnership-plus.deal-settings': (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return dealSettingsOf(ctx.db, user.id);
  },
  'partnership-plus.change-deal-settings': ({ auto_renew, renew_amount }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return ctx.db.transaction(async (tx) => {
      if (renew_amount > 0) await checkDealAmount(tx, user.id, renew_amount);
      if (auto_renew && renew_amount === 0) fail(NumericError.INPUT_ERROR, 'renew_amount: needed to renew');
      return saveDealSettings(tx, user.id, { ...await dealSettingsOf(tx, user.id), auto_renew, renew_amount });
    });
  },
  'partnership-plus.change-credit-time': ({ time_offset }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    if (time_offset < 0 || time_offset >= DAY_S) fail(NumericError.INPUT_ERROR, `time_offset: seconds from 0 to ${DAY_S - 1}`);
    return ctx.db.transaction(async (tx) => {
      await saveDealSettings(tx, user.id, { ...await dealSettingsOf(tx, user.id), time_offset });
      // A renewal already scheduled moves to the new time of its day.
      await tx.run(
        'UPDATE partner_deals SET renew_at = ((renew_at / 1000) / ? * ? + ?) * 1000 WHERE partner_id = ? AND renew_at IS NOT NULL',
        DAY_S, DAY_S, time_offset, user.id,
      );
      return { sponsor: await sponsorSchedule(tx, user.id) };
    });
  },
  'partnership-plus.roi': async (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const deal = await latestDeal(ctx.db, user.id);
    if (!deal) return { deal: null, wagered: 0, edge: 0, roi: 0 };
    return { deal: dealView(deal), ...dealRoi(deal.amount, await dealWagered(ctx.db, deal)) };
  },
  'partnership-plus.deal-estimate-roi': async ({ amount }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const monthWagered = (await periodFigures(ctx.db, user.id, 'month', ctx.config.now())).wagered;
    return estimateDealRoi({ amount, monthWagered, terms: (await dealTermsOf(ctx.db)).settings });
  },
  'partnership-plus.expenses': async ({ offset, count }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const before = offset ? parseHash(offset) : null;
    if (offset && before === null) fail(NumericError.INPUT_ERROR, 'offset must be an entry hash');
    const size = count ?? PAGE_SIZE;
    const { rows, totals } = await ctx.ledger.entriesOfTypes(ctx.db, { user: user.id }, PARTNER_EXPENSE_TYPES, { before: before ?? undefined, count: size + 1 });
    // Spending is what left the wallet: the signed sums turned around.
    const by_type = Object.fromEntries(PARTNER_EXPENSE_TYPES.map((t) => [t, -(totals[t] ?? 0)]));
    return {
      total: Object.values(by_type).reduce((a, b) => a + b, 0),
      by_type,
      entries: rows.slice(0, size).map((r) => ({ hash: toHash(r.id), type: r.type, amount: r.amount, created_at: Math.floor(r.created_at / 1000), ref: r.ref })),
      has_more: rows.length > size,
    };
  },
  'partnership-plus.tiers': async (_params, ctx) => {
    const partner = ctx.user && (hasTag(ctx.user, 'partner') || hasTag(ctx.user, 'club_member')) ? ctx.user : null;
    const wagered = partner ? await referralWagered(ctx.db, partner.id) : null;
    return { tiers: PARTNER_TIERS.map((t) => ({ ...t })), level: wagered === null ? null : partnerTier(wagered).level, wagered };
  },
  'partnership-plus.get-admin-settings': (_params, ctx) => {
    requireStaff(requireUser(ctx));
    return dealTermsOf(ctx.db);
  },
  'partnership-plus.change-admin-settings': (terms, ctx) => {
    const staff = requireUser(ctx);
    requireStaff(staff);
    return ctx.db.transaction((tx) => changeDealTerms(tx, staff, terms, ctx.config.now()));
  },
  'partnership-plus.activate-code': async ({ code, anonymous, stamp }, ctx) => {
    const user = requireUser(ctx);
    // One rule each: the gift and referral calls check, pay and refuse; this only picks which.
    if (GIFT_CODE_PATTERN.test(code.trim())) {
      const redeemed = await ctx.moneyTx((tx) => ctx.walletGifts.redeem(tx, ctx, user.id, code.trim()));
      return { success: redeemed.success, kind: 'gift' as const, ...(redeemed.cause ? { cause: redeemed.cause } : {}) };
    }
    // The use-code modal's call: the code of the partner one already has is refused, and the
    // anonymous flag stays as it was (the deposit-bonus modal's activateCode may change it).
    const current = await partnerOf(ctx.db, user.id);
    if (current !== null && (await partnerByCode(ctx.db, code.trim()))?.id === current) fail(NumericError.CODE_UNAVAILABLE, ALREADY_USED);
    const apply = partnershipHandlers['partnership.activateCode']!;
    return Promise.resolve(apply({ code, anonymous, stamp }, ctx)).then((r) => ({ success: r.success, kind: 'referral' as const }));
  },
};
