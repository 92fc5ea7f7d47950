import { useQuery } from '@tanstack/react-query';
import type { SponsorChallenge as ChallengeShape, z } from '../../contract/index.ts';
import { sponsoredCents, withdrawableCents } from '../../core/money.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { CoinIcon, PlusIcon, VaultIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Popover } from '../../ui/popover.tsx';
import { vaultQueryOptions } from './keys.ts';
import { useShownBalance } from './balance-buffer.ts';
import { useFormatAmount } from './use-amount.ts';
import { DepositPromptLayer } from './deposit-prompt.tsx';
import { VaultLayer, openVault } from './vault-layer.tsx';
import './wallet.css';

type SponsorChallenge = z.output<typeof ChallengeShape>;

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

function ChallengeLine({ challenge }: { challenge: SponsorChallenge }) {
  const format = useFormatAmount();
  const { wagers } = challenge.conditions;
  if (challenge.completed) return <p className="hint-challenge">Challenge completed: the sponsored coins are yours.</p>;
  return (
    <div className="hint-challenge">
      <p className="hint-challenge-title">{wagers.title}</p>
      <progress max={1} value={challenge.fraction} aria-label={`Challenge: ${wagers.title}`} />
      <p className="hint-challenge-figures">
        <span>
          {format(wagers.value)} / {format(wagers.goal)}
        </span>
        <span>{Math.floor(challenge.fraction * 100)}%</span>
      </p>
      <small>Sponsored coins can be played now and withdrawn once the challenge is done.</small>
    </div>
  );
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
          {account?.clubMember && account.challenge && account.challenge.result !== 'removed' && <ChallengeLine challenge={account.challenge} />}
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
