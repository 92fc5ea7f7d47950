/** The header's wallet hint (document 2 section 2): the split and challenge for club members, the vault for everyone. */
import { useQuery } from '@tanstack/react-query';
import { sponsoredCents, withdrawableCents } from '../../../core/money.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { VaultIcon } from '../../../ui/page-icons.tsx';
import { PathLink } from '../../../ui/path-link.tsx';
import { ChallengeLine } from './challenge-line.tsx';
import type { BalanceAccount } from './header-balance.tsx';
import { vaultQueryOptions } from '../keys.ts';
import { useFormatAmount } from './use-amount.ts';
import { openVault } from '../vault/vault-layer.tsx';

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

/** The hint's content; `account.balance` is the balance the header shows. */
export default function WalletHint({ account }: { account: BalanceAccount }) {
  const format = useFormatAmount();
  const balance = account.balance;
  return (
    <>
      {account.clubMember ? (
        <dl className="hint-split">
          <dt>Withdrawable</dt>
          <dd>{format(withdrawableCents(balance, account.borrow))}</dd>
          <dt>Sponsored</dt>
          <dd>{format(sponsoredCents(balance, account.borrow))}</dd>
        </dl>
      ) : (
        <p className="hint-safe">Keep your Coins safe.</p>
      )}
      {account.clubMember && account.challenge && account.challenge.result !== 'removed' && <ChallengeLine challenge={account.challenge} />}
      <VaultLine />
      <div className="hint-buttons">
        <Button size="sm" variant="primary" onClick={openVault}>
          Vault
        </Button>
        <PathLink to="/wallet" className={buttonClass('ghost', 'sm')}>
          Open wallet
        </PathLink>
      </div>
    </>
  );
}
