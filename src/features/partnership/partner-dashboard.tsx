/**
 * The partnership-plus dashboard on /partnership/@{name}: the period's figures and a chart
 * of the days (docs/decisions/0022). The chart library comes with the chart, lazily.
 */
import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PARTNER_PERIODS } from '../../contract/index.ts';
import { formatCoins } from '../../core/money.ts';
import { Panel } from '../../ui/page-frame.tsx';
import { dashboardQueryOptions, FIRST_DASHBOARD_PERIOD, type DashboardPeriod } from './queries.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

const DashboardChart = lazyPart(() => import('./dashboard-chart.tsx'));

const PERIOD_LABEL: Record<DashboardPeriod, string> = { day: 'Today', week: '7 days', month: '30 days', all: 'All time' };

export function PartnerDashboard() {
  const [period, setPeriod] = useState<DashboardPeriod>(FIRST_DASHBOARD_PERIOD);
  const dashboard = useQuery(dashboardQueryOptions(period));
  const figures = dashboard.data?.figures;
  const tiles = figures
    ? [
        { label: 'Referrals', value: String(figures.referrals), note: `${figures.visits} link visits` },
        { label: 'Wagered', value: formatCoins(figures.wagered), note: `${figures.wagers} wagers` },
        { label: 'Earned', value: formatCoins(figures.earned), note: 'your share of their deposits' },
        { label: 'Deposits', value: formatCoins(figures.deposited), note: `${figures.deposits} deposits` },
      ]
    : [];
  const credit = dashboard.data?.credit;
  return (
    <Panel
      title="Dashboard"
      className="partner-dashboard"
      actions={
        <div className="partner-periods" role="group" aria-label="Period">
          {PARTNER_PERIODS.map((p) => (
            <button key={p} type="button" className="partner-period" aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {PERIOD_LABEL[p]}
            </button>
          ))}
        </div>
      }
    >
      {dashboard.isError ? (
        <p className="partner-muted">The dashboard could not be loaded.</p>
      ) : !dashboard.data ? (
        <p className="partner-muted">Loading…</p>
      ) : (
        <>
          <ul className="partner-tiles" aria-label={`Figures, ${PERIOD_LABEL[period]}`}>
            {tiles.map((tile) => (
              <li key={tile.label}>
                <span className="partner-label">{tile.label}</span>
                <strong>{tile.value}</strong>
                <span className="partner-muted">{tile.note}</span>
              </li>
            ))}
          </ul>
          <Suspense fallback={<div className="partner-chart" />}>
            <DashboardChart days={dashboard.data.series} />
          </Suspense>
          {credit && (credit.balance > 0 || credit.borrow > 0) && (
            <p className="partner-muted">
              Sponsor credit: {formatCoins(credit.balance)} on offer, {Math.round(credit.borrow * 100)}% of your balance sponsored.
            </p>
          )}
        </>
      )}
    </Panel>
  );
}
