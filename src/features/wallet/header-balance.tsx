import { useQuery } from '@tanstack/react-query';
import { formatCoins, sponsoredCents, withdrawableCents } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { CoinIcon, PlusIcon, VaultIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Popover } from '../../ui/popover.tsx';
import './wallet.css';

/** What the header's wallet hint needs of the account. */
export interface BalanceAccount {
  balance: number;
  /** Share of the balance that is sponsored (partnership.borrow). */
  borrow: number;
  /** Club members see the withdrawable and sponsored breakdown. */
  clubMember: boolean;
}

function VaultLine() {
  const vault = useQuery({ queryKey: ['session', 'wallet', 'vault'], queryFn: ({ signal }) => rpc.call('wallet-vault.info', {}, { signal }), staleTime: 30_000 });
  return (
    <p className="hint-vault">
      <VaultIcon />
      <span>In the vault</span>
      <strong>{vault.data ? formatCoins(vault.data.amount) : '—'}</strong>
    </p>
  );
}

/**
 * The header's balance with the green Deposit button; `null` while the account loads. The
 * balance opens the wallet hint (document 2 section 2): the withdrawable and sponsored split
 * for club members, the vault for everyone.
 */
export function HeaderBalance({ account, compact = false }: { account: BalanceAccount | null; compact?: boolean }) {
  const balance = account?.balance ?? null;
  return (
    <div className="header-balance">
      {balance === null ? (
        <div className="balance-pill">
          <CoinIcon />
          <span className="balance-skeleton" aria-label="Loading balance" />
        </div>
      ) : compact ? (
        <div className="balance-pill" aria-live="polite">
          <CoinIcon />
          <span className="balance-amount" data-testid="balance">
            <span className="visually-hidden">Balance </span>
            {formatCoins(balance)}
          </span>
        </div>
      ) : (
        <Popover
          className="balance-hint"
          label={`Balance ${formatCoins(balance)}, wallet details`}
          title="Wallet"
          trigger={
            <span className="balance-pill" aria-live="polite">
              <CoinIcon />
              <span className="balance-amount" data-testid="balance">
                <span className="visually-hidden">Balance </span>
                {formatCoins(balance)}
              </span>
            </span>
          }
        >
          {account?.clubMember ? (
            <dl className="hint-split">
              <dt>Withdrawable</dt>
              <dd>{formatCoins(withdrawableCents(balance, account.borrow))}</dd>
              <dt>Sponsored</dt>
              <dd>{formatCoins(sponsoredCents(balance, account.borrow))}</dd>
            </dl>
          ) : (
            <p className="hint-safe">Keep your Coins safe.</p>
          )}
          <VaultLine />
          <PathLink to="/wallet" className={buttonClass('ghost', 'sm', 'hint-wallet')}>
            Open wallet
          </PathLink>
        </Popover>
      )}
      <PathLink to="/wallet" className={buttonClass('deposit', 'md', 'deposit-button')} aria-label="Deposit">
        <PlusIcon className="deposit-icon" />
        <span className="deposit-label">Deposit</span>
      </PathLink>
    </div>
  );
}
