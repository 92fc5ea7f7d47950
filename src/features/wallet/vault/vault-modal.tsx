/** The vault modal ('Keep your Coins safe') and its lock confirmation (document 2 section 2). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cleanAmountInput, formatCoins, withdrawableCents } from '../../../core/money.ts';
import { rpc } from '../../../net/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalWidth } from '../../../ui/modal.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { setAccountBalance, useAccount } from '../../session/index.ts';
import { requirementsQueryOptions, vaultQueryOptions, walletKeys } from '../queries.ts';
import { useFormatAmount } from '../balance/use-amount.ts';
import {
  VAULT_LOCK_CHOICES, canLock, canWithdraw, clampVaultAmount, vaultAllAmount, vaultCentsOf, vaultStatus, vaultTextOf, vaultTitle, vaultUpperBound,
} from './vault-rules.ts';
import './vault.css';

/** Widths in px: the vault's is document 1's (507), the lock confirmation's document 2's (382). */
const LOCK_WIDTH = 382;

/** The time left as "5m 03s" or "1h 02m". */
function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m ${String(s).padStart(2, '0')}s`;
}

type VaultAnswer = { amount: number; balance: number; lock_time: number };

/** The vault: deposit, withdraw, lock. */
export default function VaultModal({ onClose }: { onClose(): void }) {
  const queryClient = useQueryClient();
  const vault = useQuery(vaultQueryOptions());
  const account = useAccount();
  const now = useNow();
  const [text, setText] = useState('');
  const [locking, setLocking] = useState(false);
  const format = useFormatAmount();

  const balance = account.data?.user_wallet.balance ?? 0;
  const borrow = account.data?.partnership.borrow ?? 0;
  const sponsored = borrow > 0;
  // Sponsored and not yet wagered Deposit Bonus coins stay in play: only the withdrawable part
  // may go into the vault (the server's figure once it answered; docs/decisions/0034).
  const requirements = useQuery(requirementsQueryOptions());
  const locked = requirements.data?.bonus.locked ?? 0;
  const depositable = Math.max(0, withdrawableCents(balance, borrow) - locked);
  const amount = vault.data?.amount ?? 0;
  const status = vault.data ? vaultStatus(vault.data, now) : 'empty';
  const upper = vaultUpperBound(depositable, amount);
  const cents = vaultCentsOf(text) ?? 0;
  const inBounds = cents >= 1 && cents <= upper;

  const settle = (answer: VaultAnswer) => {
    queryClient.setQueryData(vaultQueryOptions().queryKey, { amount: answer.amount, lock_time: answer.lock_time });
    setAccountBalance(queryClient, answer.balance);
    void queryClient.invalidateQueries({ queryKey: walletKeys.history });
    void queryClient.invalidateQueries({ queryKey: walletKeys.requirements });
  };
  const deposit = useMutation({
    mutationFn: () => rpc.call('wallet-vault.deposit', { amount: cents, stamp: crypto.randomUUID() }),
    // Spec: a deposit error only stops the loading state; the notice says what went wrong.
    onSuccess: (answer) => {
      settle(answer);
      setText('');
    },
  });
  const withdraw = useMutation({
    // With 2FA on, the app's code prompt (src/net rpc) holds the call and resends it, same stamp.
    mutationFn: (variables: { stamp: string; amount: number }) => rpc.call('wallet-vault.withdraw', variables),
    onSuccess: (answer) => {
      settle(answer);
      setText('');
    },
  });
  const lock = useMutation({
    mutationFn: (seconds: number) => rpc.call('wallet-vault.lock', { lock_time: seconds }),
    onSuccess: (answer) => {
      settle(answer);
      setLocking(false);
    },
  });
  const busy = deposit.isPending || withdraw.isPending || lock.isPending;

  const set = (value: number) => setText(value > 0 ? vaultTextOf(clampVaultAmount(value, upper)) : '');

  return (
    <>
      <Modal title={vaultTitle(status)} width={ModalWidth.vault} onClose={onClose}>
        <div className="vault">
          <p className="vault-lead">Keep your Coins safe. Coins in the vault cannot be spent by accident; lock them to keep them out of reach for a while.</p>
          <dl className="vault-figures">
            <div>
              <dt>In the vault</dt>
              <dd data-testid="vault-amount">{vault.data ? format(amount) : '—'}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{account.data ? format(balance) : '—'}</dd>
            </div>
            {status === 'closed' && vault.data && (
              <div className="vault-lock-left">
                <dt>Unlocks in</dt>
                <dd>
                  <time dateTime={new Date(vault.data.lock_time * 1000).toISOString()}>{timeLeft(vault.data.lock_time * 1000 - now)}</time>
                </dd>
              </div>
            )}
          </dl>
          <label className="field">
            <span className="field-label">Amount in coins (0.01 to 10,000)</span>
            <div className="vault-input">
              <input
                className="field-input"
                inputMode="decimal"
                placeholder="0.00"
                value={text}
                data-autofocus
                aria-invalid={text !== '' && !inBounds ? true : undefined}
                onChange={(event) => setText(cleanAmountInput(event.target.value, { decimals: 2, maxIntegerDigits: 5 }))}
              />
              <Button size="sm" onClick={() => set(Math.floor(cents / 2))} disabled={cents === 0} aria-label="Halve the amount">
                1/2
              </Button>
              <Button size="sm" onClick={() => set(Math.max(cents, 1) * 2)} aria-label="Double the amount">
                x2
              </Button>
              <Button size="sm" onClick={() => set(vaultAllAmount(depositable, amount, status))}>
                All
              </Button>
            </div>
          </label>
          <p className="form-error" role="status">
            {text !== '' && !inBounds ? `Enter 0.01 to ${formatCoins(upper)} coins` : ''}
          </p>
          <div className="vault-actions">
            <Button variant="deposit" disabled={busy || !inBounds || cents > depositable} onClick={() => deposit.mutate()}>
              Deposit
            </Button>
            <Button
              variant="primary"
              disabled={busy || !inBounds || cents > amount || !canWithdraw(status)}
              title={status === 'closed' ? 'The vault is locked' : undefined}
              onClick={() => withdraw.mutate({ stamp: crypto.randomUUID(), amount: cents })}
            >
              Withdraw
            </Button>
            {canLock(status, sponsored) && (
              <Button disabled={busy} onClick={() => setLocking(true)}>
                Lock
              </Button>
            )}
          </div>
          {sponsored && <p className="vault-note">Sponsored coins stay in the wallet and the vault cannot be locked until the challenge completes.</p>}
        </div>
      </Modal>
      {locking && <LockModal busy={lock.isPending} onConfirm={(seconds) => lock.mutate(seconds)} onClose={() => setLocking(false)} />}
    </>
  );
}

/** The lock confirmation: how long the coins stay in. */
function LockModal({ busy, onConfirm, onClose }: { busy: boolean; onConfirm(seconds: number): void; onClose(): void }) {
  const [seconds, setSeconds] = useState<number>(VAULT_LOCK_CHOICES[0].seconds);
  return (
    <Modal title="Lock the vault" width={LOCK_WIDTH} onClose={onClose}>
      <p className="vault-lead">Nothing leaves the vault until the time is up. This cannot be undone.</p>
      <fieldset className="lock-choices">
        <legend className="field-label">Lock for</legend>
        {VAULT_LOCK_CHOICES.map((choice) => (
          <label key={choice.seconds} className="lock-choice">
            <input type="radio" name="lock-time" value={choice.seconds} checked={seconds === choice.seconds} onChange={() => setSeconds(choice.seconds)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="modal-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" disabled={busy} onClick={() => onConfirm(seconds)}>
          Lock
        </Button>
      </div>
    </Modal>
  );
}
