import { Suspense, type ReactNode } from 'react';
import type { SponsorChallenge as ChallengeShape, z } from '../../../contract/index.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { CoinIcon, PlusIcon } from '../../../ui/icons.tsx';
import { PathLink } from '../../../ui/path-link.tsx';
import { Popover } from '../../../ui/popover.tsx';
import { useShownBalance } from './balance-buffer.ts';
import { useFormatAmount } from './use-amount.ts';
import { DepositPromptLayer } from '../deposit/deposit-prompt.tsx';
import { VaultLayer } from '../vault/vault-layer.tsx';
import './wallet.css';
import { lazyPart } from '../../../ui/lazy-part.ts';

// The hint's content loads when it first opens: the first page does without it.
const WalletHint = lazyPart(() => import('./wallet-hint.tsx'));

/** The sponsor challenge of the account data. */
export type SponsorChallenge = z.output<typeof ChallengeShape>;

/** What the header's wallet hint needs of the account. */
export interface BalanceAccount {
  balance: number;
  /** Share of the balance that is sponsored (partnership.borrow). */
  borrow: number;
  /** Club members see the withdrawable and sponsored breakdown. */
  clubMember: boolean;
  /** The sponsor challenge that makes the sponsored part withdrawable (partnership.challenge). */
  challenge: SponsorChallenge | null;
}

/**
 * The header's balance with the green Deposit button; `null` while the account loads. The
 * balance opens the wallet hint (document 2 section 2): the withdrawable and sponsored split
 * for club members, the vault for everyone.
 */
export function HeaderBalance({ account, badge }: { account: BalanceAccount | null; badge?: ReactNode }) {
  // The buffer holds back winnings a running animation has not shown yet.
  const shown = useShownBalance(account?.balance ?? 0);
  const balance = account ? shown : null;
  const format = useFormatAmount();
  return (
    <div className="header-balance">
      {balance === null ? (
        <div className="balance-pill">
          <CoinIcon />
          <span className="balance-skeleton" aria-label="Loading balance" />
        </div>
      ) : (
        <Popover
          className="balance-hint"
          personal
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
          <Suspense fallback={<span className="balance-skeleton" aria-label="Loading wallet details" />}>
            {account && <WalletHint account={{ ...account, balance }} />}
          </Suspense>
        </Popover>
      )}
      {balance !== null && (
        <>
          <VaultLayer />
          <DepositPromptLayer />
        </>
      )}
      <PathLink to="/wallet" className={buttonClass('deposit', 'md', 'deposit-button')} aria-label="Deposit">
        <PlusIcon className="deposit-icon" />
        <span className="deposit-label">Deposit</span>
        {badge}
      </PathLink>
    </div>
  );
}
