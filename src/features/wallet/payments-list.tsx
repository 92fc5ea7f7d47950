/** The player's deposits and withdrawals (the wallet store's transactions), page by page. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cryptoCurrencyOf } from '../../contract/currencies.ts';
import type { Payment, z } from '../../contract/index.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Skeleton } from '../../ui/page-frame.tsx';
import { EntryTime, PagedTable } from '../../ui/paged-table.tsx';
import { currencyName } from './payment-methods.ts';
import { paymentsQueryOptions } from './queries.ts';
import { RefundModal } from './deposit/refund-modal.tsx';
import { useFormatAmount } from './balance/use-amount.ts';

type PaymentOut = z.output<typeof Payment>;

const STATUS_LABELS: Record<PaymentOut['status'], string> = {
  waiting: 'Waiting for payment',
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
};

/** Block explorers of the chains the spec links (litecoin, bitcoin, ethereum family). */
const EXPLORERS: Record<string, string> = {
  btc: 'https://mempool.space/tx/',
  ltc: 'https://litecoinspace.org/tx/',
  eth: 'https://etherscan.io/tx/',
  usdt: 'https://etherscan.io/tx/',
  usdc: 'https://etherscan.io/tx/',
};

/** The explorer page of a payment's chain transaction, when it has one. */
export function explorerUrl(payment: Pick<PaymentOut, 'method' | 'states'>): string | null {
  const base = EXPLORERS[payment.method];
  return base && payment.states.tx_hash ? `${base}${payment.states.tx_hash}` : null;
}

/** The name a payment's method reads as: a chain's name, else the brand. */
function methodName(payment: PaymentOut): string {
  if (payment.provider === 'crypto') return currencyName(payment.method);
  if (payment.provider === 'giftcard') return 'Gift-Card';
  return payment.method.charAt(0).toUpperCase() + payment.method.slice(1);
}

/** One payment as a row. */
function PaymentRow({ payment }: { payment: PaymentOut }) {
  const [refunding, setRefunding] = useState(false);
  const format = useFormatAmount();
  const explorer = explorerUrl(payment);
  const chain = cryptoCurrencyOf(payment.method);
  const refundable = payment.type === 'deposit' && payment.provider === 'crypto' && payment.status === 'declined' && !payment.states.refund_address;
  const sign = payment.type === 'withdraw' ? '-' : '+';
  return (
    <tr data-testid="payment" data-status={payment.status}>
      <td>
        <span className="payment-type">{payment.type === 'deposit' ? 'Deposit' : 'Withdraw'}</span>
        <span className="payment-method">{methodName(payment)}</span>
      </td>
      <td className={payment.type === 'withdraw' ? 'amount-out' : 'amount-in'}>
        {sign}
        {format(payment.amount)}
        <span className="payment-value">
          {payment.value} {payment.currency}
        </span>
      </td>
      <td>
        <span className="payment-status" data-status={payment.status}>
          {STATUS_LABELS[payment.status]}
        </span>
        {payment.status === 'pending' && payment.states.required_confirmations > 0 && (
          <span className="payment-confirmations">
            {payment.states.confirmations}/{payment.states.required_confirmations} confirmations
          </span>
        )}
        {payment.status === 'declined' && payment.type === 'deposit' && <span className="payment-reason">We declined your payment due to a failed verification of incoming funds</span>}
        {refundable && (
          <Button size="sm" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )}
        {payment.states.refund_address && <span className="payment-confirmations">Sent back to {payment.states.refund_address}</span>}
        {refunding && chain && <RefundModal method={chain} onClose={() => setRefunding(false)} />}
      </td>
      <td>
        <EntryTime at={payment.time} />
        {explorer && (
          <a className="payment-explorer" href={explorer} target="_blank" rel="noreferrer noopener">
            View transaction
          </a>
        )}
      </td>
    </tr>
  );
}

/** The payments list, of one currency (upper case) or all of them. */
export function PaymentsList({ currency, empty }: { currency: string | null; empty: string }) {
  const payments = useInfiniteQuery(paymentsQueryOptions(currency));
  if (payments.isPending) return <Skeleton variant="row" count={4} />;
  if (payments.isError) return <EmptyState title="The transactions did not load">Check your connection and open the page again.</EmptyState>;
  const rows = payments.data.pages.flatMap((page) => page.payments);
  if (rows.length === 0) return <EmptyState title="No transactions yet">{empty}</EmptyState>;
  return (
    <PagedTable columns={['Type', 'Amount', 'Status', 'Time']} className="payments-table" pager={payments}>
      {rows.map((payment) => (
        <PaymentRow key={payment.hash} payment={payment} />
      ))}
    </PagedTable>
  );
}
