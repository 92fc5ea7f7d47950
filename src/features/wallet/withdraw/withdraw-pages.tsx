/** Withdrawals: the overview (/wallet/withdraw) and one currency (/wallet/{currency}/withdraw). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { WITHDRAW_LIMITS, type CryptoCurrency } from '../../../contract/index.ts';
import { validateCryptoAddress } from '../../../core/crypto-address.ts';
import { cleanAmountInput, cryptoCode, formatCoins, parseCoinsToCents } from '../../../core/money.ts';
import { rpc } from '../../../net/index.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState, Panel, Skeleton } from '../../../ui/page-frame.tsx';
import { setAccountBalance } from '../../session/index.ts';
import { MethodTile } from '../method-tile.tsx';
import { PAYMENT_GROUPS, currencyName } from '../payment-methods.ts';
import { PaymentsList } from '../payments-list.tsx';
import { requirementsQueryOptions, secureStatusQueryOptions, walletKeys } from '../queries.ts';

/** What may leave now: the withdrawable part of the balance and the 2FA state. */
function Requirements() {
  const requirements = useQuery(requirementsQueryOptions());
  if (requirements.isPending) return <Skeleton variant="row" count={2} />;
  if (requirements.isError) return null;
  const { withdrawable, sponsored, to_wager: toWager, bonus, requirements: list } = requirements.data;
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
        {toWager > 0 && (
          <>
            <dt>Tipped, to wager first</dt>
            <dd data-testid="to-wager">{formatCoins(toWager)} coins</dd>
          </>
        )}
        {bonus.locked > 0 && (
          <>
            <dt>Deposit Bonus (play only)</dt>
            <dd data-testid="bonus-locked">{formatCoins(bonus.locked)} coins</dd>
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
              <MethodTile to={`/wallet/${method.id}/withdraw`} mark={method.id.toUpperCase()} name={method.name} />
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
function Quote({ currency, cents }: { currency: CryptoCurrency; cents: number | null }) {
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

/**
 * /wallet/{currency}/withdraw: address and amount. The 2FA setup and code are the app's
 * prompts (src/net rpc): they hold the call and send it again with the same stamp.
 */
export function CryptoWithdrawPage({ currency }: { currency: CryptoCurrency }) {
  const queryClient = useQueryClient();
  const [address, setAddress] = useState('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const code = cryptoCode(currency);
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
    mutationFn: (variables: { stamp: string; amount: number; address: string }) =>
      rpc.call('wallet.cryptoWithdraw', { ...variables, currency, provider: 'crypto' }),
    onSuccess: (answer) => {
      setAccountBalance(queryClient, answer.balance);
      setSent(`${formatCoins(answer.payment.amount)} coins are on their way as ${answer.payment.value} ${answer.payment.currency}.`);
      setText('');
      setTried(false);
    },
    // The prompts may have turned 2FA on even when the withdrawal did not go out: the notes
    // (under the payments key) and the checklist follow.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.payments });
      void queryClient.invalidateQueries({ queryKey: walletKeys.requirements });
      void queryClient.invalidateQueries({ queryKey: secureStatusQueryOptions().queryKey });
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
        <Panel title="Before you withdraw">
          <Requirements />
        </Panel>
        <Panel title={`${name} transactions`}>
          <PaymentsList currency={code} empty={`Your ${name} withdrawals show up here with their status.`} />
        </Panel>
      </div>
    </div>
  );
}

/** /wallet/{payment}/withdraw for a method that is not a chain. */
export function WithdrawUnavailable({ name }: { name: string }) {
  return <EmptyState title={`No withdrawals with ${name}`}>Coins leave as crypto: pick a currency on the withdraw page.</EmptyState>;
}
