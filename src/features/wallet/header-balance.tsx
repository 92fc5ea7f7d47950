import { formatCoins } from '../../core/money.ts';
import { buttonClass } from '../../ui/button.tsx';
import { CoinIcon, PlusIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import './wallet.css';

/** The header's balance with the green Deposit button; `null` while the account loads. */
export function HeaderBalance({ balance }: { balance: number | null }) {
  return (
    <div className="header-balance">
      <div className="balance-pill" aria-live="polite">
        <CoinIcon />
        {balance === null ? (
          <span className="balance-skeleton" aria-label="Loading balance" />
        ) : (
          <span className="balance-amount" data-testid="balance">
            <span className="visually-hidden">Balance </span>
            {formatCoins(balance)}
          </span>
        )}
      </div>
      <PathLink to="/wallet" className={buttonClass('deposit', 'md', 'deposit-button')} aria-label="Deposit">
        <PlusIcon className="deposit-icon" />
        <span className="deposit-label">Deposit</span>
      </PathLink>
    </div>
  );
}
