/** partnership-plus.dashboard, .home and the read-only partner API: a partner's figures over periods (docs/decisions/0022). */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/index.ts';
import { hashToken, randomToken } from '../../auth/tokens.ts';
import { mapInOrder, type Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { findUserById, hasTag, type UserRow } from '../../kernel/users.ts';
import { rankBadges } from './badges.ts';
import { changeCode, codeOf } from './codes.ts';
import { earningsOf, referralsPage } from './earnings.ts';
import { banReferral, changeScheme, ownReferral, rankCounts, rankFor, schemeOf } from './ranks.ts';
import { PERIOD_DAYS, periodFigures, periodSeries, type Period } from './partner-stats.ts';
import { requirePartner } from './races.ts';
import { creditDashboard } from './sponsor-credit.ts';

export const dashboardHandlers: Handlers = {
  'partnership-plus.dashboard': async ({ period = 'week' }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const now = ctx.config.now();
    return {
      period,
      figures: await periodFigures(ctx.db, user.id, period, now),
      series: await periodSeries(ctx.db, user.id, period, now),
      ...await creditDashboard(ctx.db, ctx.ledger, user),
    };
  },
  'partnership-plus.home': (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return homeOf(ctx.db, user, ctx.config.now());
  },
  'partnership-plus.referrals': async ({ offset, count }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const afterUserId = offset ? parseHash(offset) : null;
    if (offset && afterUserId === null) fail(NumericError.INPUT_ERROR, 'offset must be a referral hash');
    const pageSize = count ?? 20;
    const scheme = await schemeOf(ctx.db, user.id);
    // One row past the page says whether another page follows.
    const rows = await referralsPage(ctx.db, user.id, { afterUserId, count: pageSize + 1 });
    const badges = await rankBadges(ctx.db, user.id);
    const referrals = rows.slice(0, pageSize).map((r) => {
      const rank = rankFor(scheme, r.wagered);
      return { ...r, rank, badge: badges[rank] };
    });
    return { referrals, has_more: rows.length > pageSize, scheme };
  },
  'partnership-plus.referral-rank': async ({ hash }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const { wagered } = await ownReferral(ctx.db, user.id, hash);
    return { hash, rank: rankFor(await schemeOf(ctx.db, user.id), wagered), wagered };
  },
  'partnership-plus.ranks-referrals': async (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const scheme = await schemeOf(ctx.db, user.id);
    return { scheme, ranks: await rankCounts(ctx.db, user.id, scheme) };
  },
  'partnership-plus.change-ranks-scheme': async (scheme, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return { scheme: await ctx.db.transaction((tx) => changeScheme(tx, user.id, scheme)) };
  },
  'partnership-plus.ban-referral': async ({ hash }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    await ctx.db.transaction(async (tx) => banReferral(tx, user.id, (await ownReferral(tx, user.id, hash)).userId, ctx.config.now()));
    return { success: true as const };
  },
  'partnership-plus.change-code': async ({ code }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return { code: await ctx.db.transaction((tx) => changeCode(tx, user, code, ctx.config.now())) };
  },
  'partnership-plus.change-api-token': async (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const token = randomToken(24);
    // One token per partner: the upsert replaces the old hash, so the old token stops at once.
    await ctx.db.transaction((tx) =>
      tx.run(
        'INSERT INTO partner_api_tokens (partner_id, token_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (partner_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at',
        user.id, hashToken(token), ctx.config.now(),
      ),
    );
    return { api_token: token };
  },
  'partnership-plus.endpoint': async ({ token }, ctx) => {
    const row = await ctx.db.get<{ partner_id: number }>('SELECT partner_id FROM partner_api_tokens WHERE token_hash = ?', hashToken(token));
    const partner = row && await findUserById(ctx.db, row.partner_id);
    // A partner who lost the tag loses the API with the dashboard.
    if (!partner || (!hasTag(partner, 'partner') && !hasTag(partner, 'club_member'))) fail(NumericError.ACCESS_DENIED, 'Invalid API token');
    return homeOf(ctx.db, partner, ctx.config.now());
  },
};

/** The home figures of a partner: code, earnings, and the sums of every period. */
async function homeOf(db: Db, user: UserRow, now: number) {
  const figures = (period: Period) => periodFigures(db, user.id, period, now);
  const periods = Object.fromEntries(await mapInOrder((Object.keys(PERIOD_DAYS) as Period[]), async (p) => [p, await figures(p)])) as Record<Period, Awaited<ReturnType<typeof figures>>>;
  return { code: await codeOf(db, user), earnings: await earningsOf(db, user.id), periods };
}
