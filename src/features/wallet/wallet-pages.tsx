import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon, WalletIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, PlannedParts, Skeleton } from '../../ui/page-frame.tsx';
import { CardIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { clearGiftCode, storedGiftCode } from './gift-code.ts';
import { historyLabel } from './history-labels.ts';
import { PAYMENT_GROUPS, currencyName, findPaymentMethod } from './payment-methods.ts';
import { historyQueryOptions, paymentMethodsQueryOptions } from './queries.ts';
import './wallet-pages.css';

const TABS = [
  { to: '/wallet', label: 'Deposit', exact: true },
  { to: '/wallet/withdraw', label: 'Withdraw' },
  { to: '/wallet/history', label: 'History' },
  { to: '/wallet/gift', label: 'Gift cards' },
];

/** The wallet's frame: heading, the balance, tabs, and the page under them. */
export function WalletLayout() {
  const methods = useQuery(paymentMethodsQueryOptions());
  const coins = methods.data?.wallets.find((wallet) => wallet.currency === 'SFC');
  return (
    <PageFrame
      area="wallet"
      icon={<WalletIcon />}
      eyebrow="Wallet"
      title="Your wallet"
      lead="Deposit coins by crypto, card, gift card or skins, withdraw to crypto, and see every change of your balance."
      actions={
        <div className="wallet-balance" aria-live="polite">
          <span className="wallet-balance-label">Balance</span>
          <span className="wallet-balance-value">
            <CoinIcon />
            {coins ? formatCoins(coins.amount) : '—'}
          </span>
        </div>
      }
    >
      <nav className="page-tabs" aria-label="Wallet">
        {TABS.map((tab) => (
          <PathLink key={tab.to} to={tab.to} className="page-tab" activeOptions={{ exact: tab.exact ?? false }}>
            {tab.label}
          </PathLink>
        ))}
      </nav>
      <Outlet />
    </PageFrame>
  );
}

/** /wallet: every way to deposit, by group. */
export function DepositPage() {
  return (
    <div className="wallet-groups">
      {PAYMENT_GROUPS.map((group) => (
        <Panel key={group.id} title={group.title}>
          <p className="wallet-group-text">{group.text}</p>
          <ul className="method-grid">
            {group.methods.map((method) => (
              <li key={method.id}>
                <PathLink to={method.id === 'visa-mastercard' ? '/wallet/deposit/instaxchange' : `/wallet/${method.id}`} className="method-tile">
                  <span className="method-mark" aria-hidden>
                    {group.id === 'crypto' ? method.id.toUpperCase() : <CardIcon />}
                  </span>
                  <span className="method-name">{method.name}</span>
                </PathLink>
              </li>
            ))}
          </ul>
        </Panel>
      ))}
    </div>
  );
}

/** /wallet/withdraw: the currencies coins can leave in. */
export function WithdrawPage() {
  const crypto = PAYMENT_GROUPS.find((group) => group.id === 'crypto')?.methods ?? [];
  return (
    <>
      <Panel title="Withdraw to crypto">
        <p className="wallet-group-text">Coins go out as crypto to an address you give. Sponsored coins stay playable only until your challenge is complete.</p>
        <ul className="method-grid">
          {crypto.map((method) => (
            <li key={method.id}>
              <PathLink to={`/wallet/${method.id}/withdraw`} className="method-tile">
                <span className="method-mark" aria-hidden>
                  {method.id.toUpperCase()}
                </span>
                <span className="method-name">{method.name}</span>
              </PathLink>
            </li>
          ))}
        </ul>
      </Panel>
      <PlannedParts
        parts={[
          { title: 'Withdrawals in progress', text: 'Each withdrawal with its status, confirmations and a link to the block explorer.', look: 'rows' },
          { title: 'Skins out', text: 'Withdraw items from your inventory to your Steam account.', look: 'cards' },
        ]}
      />
    </>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** /wallet/history: every balance change, newest first, page by page. */
export function HistoryPage() {
  const history = useInfiniteQuery(historyQueryOptions());
  if (history.isPending) return <Skeleton variant="row" count={6} />;
  if (history.isError) return <EmptyState title="The history did not load">Check your connection and open the page again.</EmptyState>;
  const entries = history.data.pages.flatMap((page) => page.actions);
  if (entries.length === 0) return <EmptyState title="No balance changes yet">Open a case or join a battle and each change shows up here.</EmptyState>;
  return (
    <Panel title="Balance history">
      <table className="history-table">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">Balance</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.hash}>
              <td>{historyLabel(entry.type)}</td>
              <td className={entry.amount < 0 ? 'amount-out' : 'amount-in'}>
                {entry.amount > 0 ? '+' : ''}
                {formatCoins(entry.amount)}
              </td>
              <td>{formatCoins(entry.balance)}</td>
              <td>
                <time dateTime={new Date(entry.time).toISOString()}>{timeFormat.format(entry.time)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {history.hasNextPage && (
        <Button className="history-more" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {history.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </Panel>
  );
}

const GIFT_CODE = /^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/;

/** /wallet/gift: redeem a wallet gift card code (a link's code is filled in). */
export function GiftPage() {
  const [code, setCode] = useState(() => storedGiftCode('C') ?? '');
  const [result, setResult] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: () => rpc.call('wallet.gift', { code, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => {
      if (answer.success) {
        clearGiftCode();
        setCode('');
        setResult('The gift card is on your balance.');
      } else setResult(answer.cause ?? 'Invalid Code');
    },
  });
  const valid = GIFT_CODE.test(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) redeem.mutate();
  };
  return (
    <div className="wallet-two">
      <Panel title="Redeem a gift card">
        <form className="gift-form" onSubmit={submit}>
          <label className="field">
            <span className="field-label">Gift card code</span>
            <input
              className="field-input"
              value={code}
              placeholder="CXXXX-XXXXX-XXXXX"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={17}
              onChange={(event) => {
                setCode(event.target.value.toUpperCase());
                setResult(null);
              }}
            />
          </label>
          <p className="form-error" role="status">
            {result ?? (code && !valid ? 'Invalid Code' : '')}
          </p>
          <Button type="submit" variant="deposit" disabled={!valid || redeem.isPending}>
            {redeem.isPending ? 'Redeeming…' : 'Redeem'}
          </Button>
        </form>
      </Panel>
      <Panel title="Where to get one">
        <p>Gift cards for the arena are sold by our partners for Apple Pay, PayPal, Visa, Mastercard, Paysafecard, Neteller and Google Pay.</p>
        <p>A code has three groups of five letters or digits. Wallet codes start with C; codes starting with A are item gifts and go to your inventory.</p>
      </Panel>
    </div>
  );
}

/** /wallet/skinsback: deposit skins through Skinsback. */
export function SkinsbackPage() {
  return (
    <>
      <Panel title="Skinsback">
        <p>Trade your CS2 skins for coins at Skinsback's price; the coins land on your balance as soon as the trade completes.</p>
      </Panel>
      <PlannedParts parts={[{ title: 'Your Steam inventory', text: 'Pick the skins to trade and see the coins you get for them before you confirm.', look: 'cards' }]} />
    </>
  );
}

/** /wallet/deposit/instaxchange(/{memo}): card deposits through the card partner. */
export function InstaxchangePage({ memo }: { memo?: string }) {
  return (
    <>
      <Panel title="Visa and Mastercard">
        <p>Card payments go through Instaxchange, our card partner: it buys the crypto for you and pays it into your wallet.</p>
        {memo && (
          <p>
            Payment reference <code className="wallet-code">{memo}</code>
          </p>
        )}
      </Panel>
      <PlannedParts parts={[{ title: 'Amount and card', text: 'Choose an amount in USD or EUR and pay with your card; the coins appear once the partner confirms.', look: 'stats' }]} />
    </>
  );
}

/** /wallet/{payment} and /wallet/{payment}/withdraw: one method, in or out. */
export function PaymentPage({ payment, withdraw = false }: { payment: string; withdraw?: boolean }) {
  const method = findPaymentMethod(payment);
  const name = method?.name ?? currencyName(payment);
  return (
    <>
      <Panel title={withdraw ? `Withdraw with ${name}` : `Deposit with ${name}`}>
        <p>
          {withdraw
            ? `Coins leave as ${name} to the address you give. Crypto withdrawals need two-factor authentication set up.`
            : method?.currency
              ? `You get a personal ${name} address. Coins are credited once the network confirms the payment.`
              : `Pay with ${name}; the coins are credited as soon as the payment is confirmed.`}
        </p>
      </Panel>
      <PlannedParts
        parts={
          withdraw
            ? [{ title: 'Address and amount', text: `Enter your ${name} address and the coins to send; the rate and network fee show before you confirm.`, look: 'stats' }]
            : [{ title: method?.currency ? 'Your deposit address' : 'Amount', text: method?.currency ? 'The address and its QR code, the rate, and the payments on their way.' : 'Choose an amount and pay; your balance updates by itself.', look: 'stats' }]
        }
      />
    </>
  );
}
