/**
 * The partner's business on the dashboard (docs/decisions/0028): the sponsor deal with its
 * estimate and return, renewal and credit time, expenses, and for partnership staff the
 * programme's deal terms. Loaded with the dashboard's lazy parts, never on the first page.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type FormEvent } from 'react';
import { historyLabel, type MethodResult } from '../../contract/index.ts';
import { formatCoins, parseCoinsToCents } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { EntryTime, PagedTable } from '../../ui/paged-table.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { reportApiError } from '../notifications/index.ts';
import { useAccount } from '../session/index.ts';
import { dealKeys, dealQueryOptions, expensesQueryOptions } from './queries.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

// Badges and the Kick link load after the deal and expenses panels.
const PartnerBadges = lazyPart(() => import('./partner-badges.tsx'));
const PartySettingsPanel = lazyPart(() => import('./party-settings.tsx'));

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;
const onError = (error: unknown) => reportApiError(error, () => undefined);

type Deal = NonNullable<MethodResult<'partnership-plus.deal'>['deal']>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: dealKeys.all }), queryClient.invalidateQueries({ queryKey: ['partnership', 'dashboard'] })]);
}

/** The running deal: its terms, its return so far, and the way out. */
function RunningDeal({ deal }: { deal: Deal }) {
  const refresh = useRefresh();
  const roi = useQuery({ queryKey: [...dealKeys.all, 'roi'], queryFn: ({ signal }) => rpc.call('partnership-plus.roi', {}, { signal }) });
  const credit = useQuery({ queryKey: ['partnership', 'dashboard', 'week'], queryFn: ({ signal }) => rpc.call('partnership-plus.dashboard', { period: 'week' }, { signal }) });
  const cancel = useMutation({ mutationFn: () => rpc.call('partnership-plus.deal-settings-action', { action: 'cancel', stamp: crypto.randomUUID() }), onSuccess: refresh, onError });
  const claim = useMutation({ mutationFn: () => rpc.call('partnership-plus.claim-credit', { stamp: crypto.randomUUID() }), onSuccess: refresh, onError });
  const offered = credit.data?.credit.balance ?? 0;
  return (
    <div className="deal-running">
      <dl className="deal-facts" aria-label="Running deal">
        <div><dt>Credit</dt><dd>{formatCoins(deal.amount)}</dd></div>
        <div><dt>Wager goal</dt><dd>{formatCoins(deal.wager_goal)}</dd></div>
        <div><dt>Ends</dt><dd><EntryTime at={deal.ends_at * 1000} /></dd></div>
        <div><dt>Return so far</dt><dd>{roi.data ? percent(roi.data.roi) : '…'}</dd></div>
      </dl>
      {roi.data && <p className="partner-muted">Your referrals wagered {formatCoins(roi.data.wagered)} under this deal: {formatCoins(roi.data.edge)} of house edge.</p>}
      <div className="race-form-actions">
        {offered > 0 && (
          <Button variant="primary" disabled={claim.isPending} onClick={() => claim.mutate()}>
            Claim {formatCoins(offered)} credit
          </Button>
        )}
        <Button disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          Cancel deal
        </Button>
      </div>
    </div>
  );
}

/** A new deal: the amount, its estimate, and the confirmation. */
function NewDeal({ cap, min }: { cap: number; min: number }) {
  const refresh = useRefresh();
  const [coins, setCoins] = useState((min / 100).toFixed(2));
  const cents = parseCoinsToCents(coins);
  const valid = cents !== null && cents >= min && cents <= cap;
  const estimate = useQuery({
    queryKey: [...dealKeys.all, 'estimate', cents],
    queryFn: ({ signal }) => rpc.call('partnership-plus.deal-estimate-roi', { amount: cents ?? 0 }, { signal }),
    enabled: valid,
  });
  const confirm = useMutation({ mutationFn: () => rpc.call('partnership-plus.confirm-deal', { amount: cents ?? 0, stamp: crypto.randomUUID() }), onSuccess: refresh, onError });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) confirm.mutate();
  };
  return (
    <form className="deal-form" onSubmit={submit}>
      <label className="field">
        <span className="field-label">Credit in coins ({formatCoins(min)} to {formatCoins(cap)})</span>
        <input className="field-input" inputMode="decimal" value={coins} aria-invalid={!valid} onChange={(e) => setCoins(e.target.value)} />
      </label>
      {valid && estimate.data ? (
        <p className="partner-muted" aria-label="Estimate">
          Estimated return {percent(estimate.data.roi)} over {estimate.data.days} days: your referrals would wager about {formatCoins(estimate.data.expected_wagered)}. Wager goal {formatCoins(estimate.data.wager_goal)}.
        </p>
      ) : (
        <p className="partner-muted">Enter an amount your tier allows to see the estimate.</p>
      )}
      <div className="race-form-actions">
        <Button type="submit" variant="primary" disabled={!valid || confirm.isPending}>
          Confirm deal
        </Button>
      </div>
    </form>
  );
}

/** Renewal and the sponsor's credit time. */
function DealSettingsForm({ settings }: { settings: MethodResult<'partnership-plus.deal'>['settings'] }) {
  const refresh = useRefresh();
  const [renew, setRenew] = useState(settings.auto_renew);
  const [coins, setCoins] = useState(settings.renew_amount ? (settings.renew_amount / 100).toFixed(2) : '');
  const [hour, setHour] = useState(Math.floor(settings.time_offset / 3600));
  const cents = coins === '' ? 0 : parseCoinsToCents(coins);
  const save = useMutation({
    mutationFn: async () => {
      await rpc.call('partnership-plus.change-deal-settings', { auto_renew: renew ? 1 : 0, renew_amount: cents ?? 0 });
      await rpc.call('partnership-plus.change-credit-time', { time_offset: hour * 3600 });
    },
    onSuccess: refresh,
    onError,
  });
  return (
    <form
      className="deal-settings"
      aria-label="Deal settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <label className="deal-check">
        <input type="checkbox" checked={renew} onChange={(e) => setRenew(e.target.checked)} /> Renew when a deal ends
      </label>
      <label className="field">
        <span className="field-label">Renewal credit in coins</span>
        <input className="field-input" inputMode="decimal" value={coins} aria-invalid={cents === null} onChange={(e) => setCoins(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">Credit time (UTC)</span>
        <select className="field-input" value={hour} onChange={(e) => setHour(Number(e.target.value))}>
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {String(h).padStart(2, '0')}:00
            </option>
          ))}
        </select>
      </label>
      <div className="race-form-actions">
        <Button type="submit" disabled={save.isPending || cents === null}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

function DealsPanel() {
  const deal = useQuery(dealQueryOptions());
  if (!deal.data) return <Panel title="Sponsor deal"><p className="partner-muted">{deal.isError ? 'The deal could not be loaded.' : 'Loading…'}</p></Panel>;
  const { terms, tier, settings } = deal.data;
  const running = deal.data.deal?.status === 'active' ? deal.data.deal : null;
  return (
    <Panel title="Sponsor deal" className="partner-deal" actions={<span className="deal-tier">Tier {tier.level} · {tier.name}</span>}>
      <p className="partner-muted">
        The sponsor lends you credit to play with your community; it becomes yours once you wager {terms.deal_wager_multiplier}× it. A deal runs {terms.deal_days} days.
      </p>
      {running ? <RunningDeal deal={running} /> : terms.deals_enabled ? <NewDeal cap={tier.deal_cap} min={terms.deal_min} /> : <p className="partner-muted">Deals are closed for now.</p>}
      <DealSettingsForm key={`${settings.auto_renew}:${settings.renew_amount}:${settings.time_offset}`} settings={settings} />
    </Panel>
  );
}

function ExpensesPanel() {
  const expenses = useInfiniteQuery(expensesQueryOptions());
  const first = expenses.data?.pages[0];
  const rows = expenses.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Panel title="Expenses" actions={first && <span className="deal-tier">Spent {formatCoins(first.total)}</span>}>
      {rows.length === 0 ? (
        <p className="partner-muted">{expenses.isPending ? 'Loading…' : 'Nothing spent yet: race prizes you put up show here.'}</p>
      ) : (
        <PagedTable columns={['What', 'Amount', 'When']} pager={expenses}>
          {rows.map((row) => (
            <tr key={row.hash}>
              <td>{historyLabel(row.type)}</td>
              <td className={row.amount < 0 ? 'amount-out' : 'amount-in'}>{formatCoins(row.amount)}</td>
              <td><EntryTime at={row.created_at * 1000} /></td>
            </tr>
          ))}
        </PagedTable>
      )}
    </Panel>
  );
}

/** The programme's deal terms, for partnership staff. */
function AdminSettingsPanel() {
  const current = useQuery({ queryKey: [...dealKeys.all, 'admin'], queryFn: ({ signal }) => rpc.call('partnership-plus.get-admin-settings', {}, { signal }), retry: false });
  if (!current.data) return null;
  return (
    <Panel title="Admin settings" actions={current.data.changed_by && <span className="deal-tier">Last changed by {current.data.changed_by}</span>}>
      <AdminSettingsForm settings={current.data.settings} />
    </Panel>
  );
}

function AdminSettingsForm({ settings }: { settings: MethodResult<'partnership-plus.get-admin-settings'>['settings'] }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ enabled: settings.deals_enabled, min: (settings.deal_min / 100).toFixed(2), multiplier: String(settings.deal_wager_multiplier), days: String(settings.deal_days) });
  const save = useMutation({
    mutationFn: () =>
      rpc.call('partnership-plus.change-admin-settings', {
        deals_enabled: form.enabled ? 1 : 0,
        deal_min: parseCoinsToCents(form.min) ?? 0,
        deal_wager_multiplier: Number(form.multiplier),
        deal_days: Number(form.days),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
    onError,
  });
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  return (
    <form
      className="deal-settings admin-terms"
      aria-label="Admin settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <label className="deal-check">
        <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Deals open
      </label>
      <label className="field">
        <span className="field-label">Least deal in coins</span>
        <input className="field-input" inputMode="decimal" value={form.min} onChange={(e) => set({ min: e.target.value })} />
      </label>
      <label className="field">
        <span className="field-label">Wager multiplier (1-100)</span>
        <input className="field-input" inputMode="numeric" value={form.multiplier} onChange={(e) => set({ multiplier: e.target.value })} />
      </label>
      <label className="field">
        <span className="field-label">Deal days (1-90)</span>
        <input className="field-input" inputMode="numeric" value={form.days} onChange={(e) => set({ days: e.target.value })} />
      </label>
      <div className="race-form-actions">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save terms
        </Button>
      </div>
    </form>
  );
}

/** Deals, expenses and (for staff) the programme's terms. */
export default function PartnerBusiness() {
  const account = useAccount();
  const user = account.data?.user;
  const staff = !!user && (user.scope >= 2 || user.tags.includes('marketing'));
  return (
    <>
      <div className="partner-business">
        <DealsPanel />
        <ExpensesPanel />
      </div>
      <Suspense fallback={null}>
        <PartySettingsPanel />
      </Suspense>
      <Suspense fallback={null}>
        <PartnerBadges />
      </Suspense>
      {staff && <AdminSettingsPanel />}
    </>
  );
}
