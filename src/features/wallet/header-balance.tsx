import { useQuery } from '@tanstack/react-query';
import { sponsoredCents, withdrawableCents } from '../../core/money.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { CoinIcon, PlusIcon, VaultIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Popover } from '../../ui/popover.tsx';
import { vaultQueryOptions } from './keys.ts';
import { useFormatAmount } from './use-amount.ts';
import { DepositPromptLayer } from './deposit-prompt.tsx';
import { VaultLayer, openVault } from './vault-layer.tsx';
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
  const vault = useQuery(vaultQueryOptions());
  const format = useFormatAmount();
  return (
    <p className="hint-vault">
      <VaultIcon />
      <span>In the vault</span>
      <strong>{vault.data ? format(vault.data.amount) : '—'}</strong>
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
  const format = useFormatAmount();
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
            {format(balance)}
          </span>
        </div>
      ) : (
        <Popover
          className="balance-hint"
          label={`Balance ${format(balance)}, wallet details`}
          title="Wallet"
          trigger={
            <span className="balance-pill" aria-live="polite">
              <CoinIcon />
              <span className="balance-amount" data-testid="balance">
                <span className="visually-hidden">Balance </span>
                {format(balance)}
              </span>
            </span>
          }
        >
          {account?.clubMember ? (
            <dl className="hint-split">
              <dt>Withdrawable</dt>
              <dd>{format(withdrawableCents(balance, account.borrow))}</dd>
              <dt>Sponsored</dt>
              <dd>{format(sponsoredCents(balance, account.borrow))}</dd>
            </dl>
          ) : (
            <p className="hint-safe">Keep your Coins safe.</p>
          )}
          <VaultLine />
          <div className="hint-buttons">
            <Button size="sm" variant="primary" onClick={openVault}>
              Vault
            </Button>
            <PathLink to="/wallet" className={buttonClass('ghost', 'sm')}>
              Open wallet
            </PathLink>
          </div>
        </Popover>
      )}
      {!compact && balance !== null && (
        <>
          <VaultLayer />
          <DepositPromptLayer />
        </>
      )}
      <PathLink to="/wallet" className={buttonClass('deposit', 'md', 'deposit-button')} aria-label="Deposit">
        <PlusIcon className="deposit-icon" />
        <span className="deposit-label">Deposit</span>
      </PathLink>
    </div>
  );
}
