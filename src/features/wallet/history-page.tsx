/** /wallet/history: balance changes and transactions, each paged as the player scrolls. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { historyLabel } from '../../contract/history.ts';
import { EntryTime, PagedTable } from '../../ui/paged-table.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { currencyName } from './payment-methods.ts';
import { PaymentsList } from './payments-list.tsx';
import { historyQueryOptions } from './queries.ts';
import { useFormatAmount } from './balance/use-amount.ts';

/** Currencies the transactions list filters by (the payments' own currency codes). */
const FILTERS = ['BTC', 'ETH', 'LTC', 'USDT', 'USDC', 'USD'] as const;

/** Every balance change, newest first. */
function BalanceHistory() {
  const history = useInfiniteQuery(historyQueryOptions());
  const format = useFormatAmount();
  return (
    <QueryView
      query={history}
      pending={<Skeleton variant="row" count={6} />}
      error={<EmptyState title="The history did not load">Check your connection and open the page again.</EmptyState>}
      isEmpty={(data) => data.pages.every((page) => page.actions.length === 0)}
      empty={<EmptyState title="No balance changes yet">Open a case or join a battle and each change shows up here.</EmptyState>}
    >
      {(data) => (
        <PagedTable columns={['Type', 'Amount', 'Balance', 'Time']} pager={history}>
          {data.pages
            .flatMap((page) => page.actions)
            .map((entry) => (
              <tr key={entry.hash} data-testid="history-entry">
                <td>{historyLabel(entry.type)}</td>
                <td className={entry.amount < 0 ? 'amount-out' : 'amount-in'}>
                  {entry.amount > 0 ? '+' : ''}
                  {format(entry.amount)}
                </td>
                <td>{format(entry.balance)}</td>
                <td>
                  <EntryTime at={entry.time} />
                </td>
              </tr>
            ))}
        </PagedTable>
      )}
    </QueryView>
  );
}

/** Both lists, one at a time. */
export function HistoryPage() {
  const [view, setView] = useState<'balance' | 'transactions'>('balance');
  const [currency, setCurrency] = useState<string>('');
  return (
    <Panel
      title={view === 'balance' ? 'Balance history' : 'Transactions'}
      actions={
        <div className="history-controls">
          <div className="segmented" role="group" aria-label="List">
            <button type="button" aria-pressed={view === 'balance'} onClick={() => setView('balance')}>
              Balance
            </button>
            <button type="button" aria-pressed={view === 'transactions'} onClick={() => setView('transactions')}>
              Transactions
            </button>
          </div>
          {view === 'transactions' && (
            <label className="history-filter">
              <span className="visually-hidden">Currency</span>
              <select className="field-input" value={currency} onChange={(event) => setCurrency(event.target.value)}>
                <option value="">All currencies</option>
                {FILTERS.map((code) => (
                  <option key={code} value={code}>
                    {code === 'USD' ? 'Cards, gift cards and skins (USD)' : `${currencyName(code)} (${code})`}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      }
    >
      {view === 'balance' ? <BalanceHistory /> : <PaymentsList currency={currency || null} empty="Deposits and withdrawals show up here with their status." />}
    </Panel>
  );
}
