/** Withdrawals: the overview (/wallet/withdraw) and one currency (/wallet/{currency}/withdraw). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { WITHDRAW_LIMITS } from '../../contract/index.ts';
import { validateCryptoAddress } from '../../core/crypto-address.ts';
import { cleanAmountInput, formatCoins, parseCoinsToCents, type CryptoCurrency } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { setAccountBalance } from '../session/index.ts';
import { PAYMENT_GROUPS, currencyName } from './payment-methods.ts';
import { PaymentsList } from './payments-list.tsx';
import { requirementsQueryOptions, walletKeys } from './queries.ts';
import { useReportError, useSecureFlow } from './secure-flow.tsx';
import { TwoFactorPanel } from './two-factor.tsx';

type Chain = 'btc' | 'eth' | 'ltc' | 'usdt' | 'usdc';

/** What may leave now: the withdrawable part of the balance and the 2FA state. */
function Requirements() {
  const requirements = useQuery(requirementsQueryOptions());
  if (requirements.isPending) return <Skeleton variant="row" count={2} />;
  if (requirements.isError) return null;
  const { withdrawable, sponsored, requirements: list } = requirements.data;
  return (
    <div className="withdraw-facts">
      <dl className="deposit-facts">
        <dt>Withdrawable</dt>
        <dd data-testid="withdrawable">{formatCoins(withdrawable)} coins</dd>
        {sponsored > 0 && (
          <>
            <dt>Sponsored (play only)</dt>
            <dd>{formatCoins(sponsored)} coins</dd>
          </>
        )}
      </dl>
      <ul className="requirement-list">
        {list.map((item) => (
          <li key={item.type} data-done={item.completed}>
            {item.completed ? '✓' : '•'} {item.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /wallet/withdraw: the currencies coins can leave in, and the withdrawals so far. */
export function WithdrawPage() {
  const crypto = PAYMENT_GROUPS.find((group) => group.id === 'crypto')?.methods ?? [];
  return (
    <div className="wallet-two">
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
      <Panel title="Before you withdraw">
        <Requirements />
      </Panel>
    </div>
  );
}

/** What `cents` buy in a currency after the network fee (the calculator); refused amounts say why. */
function Quote({ currency, cents }: { currency: Chain; cents: number | null }) {
  const amount = useDeferredValue(cents);
  const quote = useQuery({
    queryKey: [...walletKeys.all, 'conversion', currency, amount ?? 0],
    queryFn: ({ signal }) => rpc.call('wallet.cryptoConversion', { currency, provider: 'crypto', ...(amount ? { amount } : {}) }, { signal }),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  const code = currency.toUpperCase();
  if (!quote.data) return <Skeleton variant="row" count={1} />;
  if (!quote.data.success) return <p className="form-error">{quote.data.message}</p>;
  const { rate, fee, receive } = quote.data;
  return (
    <dl className="deposit-facts" data-testid="withdraw-quote">
      <dt>Rate</dt>
      <dd>
        1 {code} = {formatCoins(Math.round(rate * 100))} coins
      </dd>
      <dt>Network fee</dt>
      <dd>
        {fee} {code}
      </dd>
      {receive && amount ? (
        <>
          <dt>You receive</dt>
          <dd>
            {receive} {code}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** /wallet/{currency}/withdraw: address and amount, then 2FA. */
export function CryptoWithdrawPage({ currency }: { currency: Chain }) {
  const queryClient = useQueryClient();
  const report = useReportError();
  const secure = useSecureFlow();
  const [address, setAddress] = useState('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const code = currency.toUpperCase() as CryptoCurrency;
  const name = currencyName(currency);
  const cents = parseCoinsToCents(text);
  const addressProblem = address.trim() ? validateCryptoAddress(code, address.trim()) : tried ? 'Mandatory field' : null;
  const amountProblem = !text
    ? tried
      ? 'Mandatory field'
      : null
    : cents === null || cents < WITHDRAW_LIMITS.min || cents > WITHDRAW_LIMITS.max
      ? `Withdraw ${formatCoins(WITHDRAW_LIMITS.min)} to ${formatCoins(WITHDRAW_LIMITS.max)} coins`
      : null;

  const withdraw = useMutation({
    mutationFn: (variables: { stamp: string; amount: number; address: string; secure_code?: string }) =>
      rpc.call('wallet.cryptoWithdraw', { ...variables, currency, provider: 'crypto' }),
    // Spec: crypto withdraw answers SECURE_REQUIRED with the setup, not a notice.
    meta: { silent: true },
    onSuccess: (answer) => {
      setAccountBalance(queryClient, answer.balance);
      void queryClient.invalidateQueries({ queryKey: walletKeys.payments });
      void queryClient.invalidateQueries({ queryKey: walletKeys.requirements });
      setSent(`${formatCoins(answer.payment.amount)} coins are on their way as ${answer.payment.value} ${answer.payment.currency}.`);
      setText('');
      setTried(false);
    },
    onError: (error, variables) => {
      if (!secure.handle(error, (secureCode) => withdraw.mutate({ ...variables, secure_code: secureCode }), Boolean(variables.secure_code))) report(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setSent(null);
    if (!address.trim() || !text || addressProblem || amountProblem || cents === null) return;
    withdraw.mutate({ stamp: crypto.randomUUID(), amount: cents, address: address.trim() });
  };

  return (
    <div className="wallet-two">
      <Panel title={`Withdraw ${name}`}>
        <form className="withdraw-form" onSubmit={submit} noValidate>
          <label className="field">
            <span className="field-label">Your {name} address</span>
            <input
              className="field-input"
              value={address}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={addressProblem ? true : undefined}
              onChange={(event) => setAddress(event.target.value)}
            />
          </label>
          <p className="form-error" role="status">
            {addressProblem}
          </p>
          <label className="field">
            <span className="field-label">Coins to withdraw</span>
            <input
              className="field-input"
              inputMode="decimal"
              placeholder={formatCoins(WITHDRAW_LIMITS.min)}
              value={text}
              aria-invalid={amountProblem ? true : undefined}
              onChange={(event) => setText(cleanAmountInput(event.target.value, { decimals: 2 }))}
            />
          </label>
          <p className="form-error" role="status">
            {amountProblem}
          </p>
          <Quote currency={currency} cents={amountProblem ? null : cents} />
          <Button type="submit" variant="primary" disabled={withdraw.isPending}>
            {withdraw.isPending ? 'Sending…' : 'Withdraw'}
          </Button>
          {sent && (
            <p className="withdraw-sent" role="status">
              {sent}
            </p>
          )}
        </form>
      </Panel>
      <div className="wallet-stack">
        {secure.setupNeeded ? (
          <Panel title="Set up two-factor authentication">
            <p className="form-error">Withdrawals need two-factor authentication. Set it up, then withdraw again.</p>
            <TwoFactorPanel />
          </Panel>
        ) : (
          <Panel title="Before you withdraw">
            <Requirements />
          </Panel>
        )}
        <Panel title={`${name} transactions`}>
          <PaymentsList currency={code} empty={`Your ${name} withdrawals show up here with their status.`} />
        </Panel>
      </div>
      {secure.prompt}
    </div>
  );
}

/** /wallet/{payment}/withdraw for a method that is not a chain. */
export function WithdrawUnavailable({ name }: { name: string }) {
  return <EmptyState title={`No withdrawals with ${name}`}>Coins leave as crypto: pick a currency on the withdraw page.</EmptyState>;
}
