import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isGiftCode } from '../../core/validation.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/icons.tsx';
import { VaultIcon, WalletIcon } from '../../ui/page-icons.tsx';
import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { isClubMember, useAccount } from '../session/index.ts';
import { clearGiftCode, storedGiftCode } from '../../storage/gift-code.ts';
import { walletKeys } from './queries.ts';
import { useFormatAmount } from './balance/use-amount.ts';
import { SponsorCredit } from './balance/sponsor-credit.tsx';
import { openVault } from './vault/vault-layer.tsx';
import { WalletAlerts } from './wallet-alerts.tsx';
import './wallet-pages.css';
import { pushNotice } from '../notifications/index.ts';

const TABS = [
  { to: '/wallet', label: 'Deposit', exact: true },
  { to: '/wallet/withdraw', label: 'Withdraw' },
  { to: '/wallet/history', label: 'History' },
  { to: '/wallet/gift', label: 'Gift cards' },
];

/** The wallet's frame: heading, the balance, tabs, and the page under them. */
export function WalletLayout() {
  // The header's account query: the balance the socket keeps current.
  const account = useAccount();
  const format = useFormatAmount();
  const balance = account.data?.user_wallet.balance;
  return (
    <PageFrame
      area="wallet"
      icon={<WalletIcon />}
      eyebrow="Wallet"
      title="Your wallet"
      lead="Deposit coins by crypto, card, gift card or skins, withdraw to crypto, and see every change of your balance."
      actions={
        <div className="wallet-head-actions">
          <div className="wallet-balance" aria-live="polite">
            <span className="wallet-balance-label">Balance</span>
            <span className="wallet-balance-value" data-testid="wallet-balance" data-personal>
              <CoinIcon />
              {balance === undefined ? '—' : format(balance)}
            </span>
          </div>
          <Button onClick={openVault}>
            <VaultIcon /> Vault
          </Button>
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
      <WalletAlerts />
      {account.data && isClubMember(account.data) && <SponsorCredit />}
      <Outlet />
    </PageFrame>
  );
}

/** /wallet/gift: redeem a wallet gift card code (a link's code is filled in). */
export function GiftPage() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState(() => storedGiftCode('C') ?? '');
  const [result, setResult] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: () => rpc.call('wallet.gift', { code, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => {
      if (answer.success) {
        void queryClient.invalidateQueries({ queryKey: walletKeys.payments });
        clearGiftCode();
        setCode('');
        setResult('The gift card is on your balance.');
      } else {
        // Spec (document 1 section 8): a refused gift code is a 'Code Error' notification with the server's cause.
        setResult(null);
        pushNotice({ type: 'error', title: 'Code Error', message: answer.cause ?? 'Invalid Code', timerMs: 5000 });
      }
    },
  });
  const valid = isGiftCode(code) && code.startsWith('C');
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

