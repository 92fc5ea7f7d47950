/** partnership-plus.dashboard and .home: a partner's figures over periods (docs/decisions/0030). */
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { earningsOf } from './earnings.ts';
import { PERIOD_DAYS, periodFigures, periodSeries, type Period } from './partner-stats.ts';
import { requirePartner } from './races.ts';
import { creditDashboard } from './sponsor-credit.ts';

export const dashboardHandlers: Handlers = {
  'partnership-plus.dashboard': ({ period = 'week' }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const now = ctx.config.now();
    return {
      period,
      figures: periodFigures(ctx.db, user.id, period, now),
      series: periodSeries(ctx.db, user.id, period, now),
      ...creditDashboard(ctx.db, ctx.ledger, user),
    };
  },
  'partnership-plus.home': (_params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    const now = ctx.config.now();
    const figures = (period: Period) => periodFigures(ctx.db, user.id, period, now);
    const periods = Object.fromEntries((Object.keys(PERIOD_DAYS) as Period[]).map((p) => [p, figures(p)])) as Record<Period, ReturnType<typeof figures>>;
    return { code: user.name, earnings: earningsOf(ctx.db, user.id), periods };
  },
};
