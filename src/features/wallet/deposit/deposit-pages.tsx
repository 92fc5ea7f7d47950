/** The deposit pages: the overview, crypto addresses, cards, gift-card shops and skins. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CARD_DEPOSIT_LIMITS, CARD_METHODS, cryptoCurrencyOf, type CryptoCurrency, type GIFT_CARD_METHODS } from '../../../contract/index.ts';
import { cleanAmountInput, formatCoins, parseCoinsToCents } from '../../../core/money.ts';
import { validateTradeUrl } from '../../../core/validation.ts';
import { rpc } from '../../../net/index.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { EmptyState, Panel, Skeleton } from '../../../ui/page-frame.tsx';
import { formatEnGb } from '../../../ui/date-format.ts';
import { CardIcon } from '../../../ui/page-icons.tsx';
import { PathLink } from '../../../ui/path-link.tsx';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { MethodTile } from '../method-tile.tsx';
import { DepositBonusButton } from './deposit-bonus.tsx';
import { PAYMENT_GROUPS, currencyName, findPaymentMethod, groupOfMethod } from '../payment-methods.ts';
import { PaymentsList } from '../payments-list.tsx';
import { QrCode } from '../../../ui/qr-image.tsx';
import { walletKeys } from '../queries.ts';

/** /wallet: every way to deposit, by group, and the deposit bonus. */
export function DepositPage() {
  return (
    <>
      <DepositBonusButton />
      <div className="wallet-groups">
        {PAYMENT_GROUPS.map((group) => (
          <Panel key={group.id} title={group.title}>
            <p className="wallet-group-text">{group.text}</p>
            <ul className="method-grid">
              {group.methods.map((method) => (
                <li key={method.id}>
                  <MethodTile
                    to={method.id === 'visa-mastercard' ? '/wallet/deposit/instaxchange' : `/wallet/${method.id}`}
                    mark={group.id === 'crypto' ? method.id.toUpperCase() : <CardIcon />}
                    name={method.name}
                  />
                </li>
              ))}
            </ul>
          </Panel>
        ))}
      </div>
    </>
  );
}

/** A crypto deposit: the player's own address with its QR code, the rate and the payments on their way. */
function CryptoDeposit({ currency }: { currency: CryptoCurrency }) {
  const invoice = useQuery({
    queryKey: [...walletKeys.all, 'invoice', currency],
    queryFn: ({ signal }) => rpc.call('wallet.cryptoInvoice', { currency, provider: 'crypto' }, { signal }),
    staleTime: Infinity,
  });
  const name = currencyName(currency);
  const code = currency.toUpperCase();
  return (
    <div className="wallet-two">
      <Panel title={`Deposit ${name}`}>
        {invoice.isPending ? (
          <Skeleton variant="row" count={3} />
        ) : invoice.isError ? (
          <EmptyState title="The address did not load">Check your connection and open the page again.</EmptyState>
        ) : !invoice.data.success ? (
          <p className="form-error" role="alert">
            {invoice.data.message}
          </p>
        ) : (
          <div className="deposit-address">
            <QrCode text={invoice.data.uri} label={`QR code of your ${name} address`} />
            <div className="deposit-address-text">
              <p className="field-label">Your {name} deposit address</p>
              <p className="address-line">
                <code className="wallet-code address-code" data-testid="deposit-address">
                  {invoice.data.address}
                </code>
              </p>
              <CopyButton text={invoice.data.address} label="Copy address" />
              <dl className="deposit-facts">
                <dt>Rate</dt>
                <dd>
                  1 {code} = {formatCoins(Math.round(invoice.data.rate * 100))} coins
                </dd>
                <dt>Minimum</dt>
                <dd>
                  {invoice.data.min_deposit} {code} ({formatCoins(invoice.data.min_deposit_coins)} coins)
                </dd>
                <dt>Confirmations</dt>
                <dd>{invoice.data.confirmations}</dd>
              </dl>
              <p className="wallet-note">
                Send only {name} to this address. Scan the code with your wallet app, or copy the address. Coins are credited after {invoice.data.confirmations} network confirmations.
              </p>
            </div>
          </div>
        )}
      </Panel>
      <Panel title={`${name} transactions`}>
        <PaymentsList currency={code} empty={`Your ${name} deposits show up here as soon as the network sees them.`} />
      </Panel>
    </div>
  );
}

/** A gift-card method: cards on sale at the shop, redeemed afterwards on /wallet/gift. */
function GiftCardShop({ method, name }: { method: (typeof GIFT_CARD_METHODS)[number]; name: string }) {
  const products = useQuery({
    queryKey: [...walletKeys.all, 'kinguin', method],
    queryFn: ({ signal }) => rpc.call('payment-kinguin.loadProducts', { method }, { signal }),
    staleTime: 5 * 60_000,
  });
  return (
    <Panel
      title={`${name} gift cards`}
      actions={
        <PathLink to="/wallet/gift" className={buttonClass('deposit', 'sm')}>
          Redeem a code
        </PathLink>
      }
    >
      <p className="wallet-group-text">Buy a gift card with {name} at Kinguin, then redeem its code here. The coins are on your balance at once.</p>
      {products.isPending ? (
        <Skeleton variant="card" count={4} />
      ) : products.isError ? (
        <EmptyState title="The shop did not load">Check your connection and open the page again.</EmptyState>
      ) : products.data.products.length === 0 ? (
        <EmptyState title="No cards on sale">Try another payment method.</EmptyState>
      ) : (
        <ul className="product-grid">
          {products.data.products.map((product) => (
            <li key={product.id} className="product-card">
              <span className="product-coins">{formatCoins(product.amount)} coins</span>
              <span className="product-name">{product.name}</span>
              <span className="product-price">
                {formatCoins(product.price)} {product.currency}
              </span>
              <a className={buttonClass('primary', 'sm')} href={product.url} target="_blank" rel="noopener">
                Buy
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Skins through Skinsback (and the cs2 method, through the same widget): a trade URL, then the widget. */
export function SkinsbackPage({ method = 'skinsback' }: { method?: 'skinsback' | 'cs2' }) {
  const queryClient = useQueryClient();
  const tradeUrl = useQuery({
    queryKey: [...walletKeys.all, 'trade-url'],
    queryFn: ({ signal }) => rpc.call('payment-skinsback.trade-url', {}, { signal }),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? tradeUrl.data?.trade_url ?? '';
  const problem = validateTradeUrl(text.trim());
  const save = useMutation({
    mutationFn: () => rpc.call('payment-skinsback.trade-url', { trade_url: text.trim() }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...walletKeys.all, 'trade-url'], answer);
      setDraft(null);
    },
  });
  const widget = useMutation({ mutationFn: () => rpc.call('payment-skinsback.create-deposit-widget', { method }) });
  const saved = Boolean(tradeUrl.data?.trade_url) && draft === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && text.trim()) save.mutate();
  };
  return (
    <div className="wallet-two">
      <Panel title={method === 'cs2' ? 'Deposit CS2 items' : 'Skinsback'}>
        <p className="wallet-group-text">Trade your CS2 skins for coins at Skinsback's price; the coins land on your balance as soon as the trade completes.</p>
        <form className="gift-form" onSubmit={submit}>
          <label className="field">
            <span className="field-label">Your Steam trade URL</span>
            <input
              className="field-input"
              value={text}
              placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <p className="form-error" role="status">
            {problem}
          </p>
          {!saved && (
            <Button type="submit" disabled={Boolean(problem) || !text.trim() || save.isPending}>
              Save trade URL
            </Button>
          )}
        </form>
      </Panel>
      <Panel title="Trade">
        {widget.data ? (
          <>
            <p>Your trade window is ready for an hour.</p>
            <a className={buttonClass('deposit')} href={widget.data.url} target="_blank" rel="noopener">
              Continue to Skinsback
            </a>
          </>
        ) : (
          <>
            <p>{saved ? 'Pick the skins to trade in the Skinsback window and see the coins before you confirm.' : 'Save your trade URL first.'}</p>
            <Button variant="deposit" disabled={!saved || widget.isPending} onClick={() => widget.mutate()}>
              Open Skinsback
            </Button>
          </>
        )}
      </Panel>
    </div>
  );
}

/** Card deposits through Instaxchange: an amount and a brand, then the partner's checkout. */
function CardDepositForm() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [brand, setBrand] = useState<(typeof CARD_METHODS)[number]>('visa');
  const cents = parseCoinsToCents(text);
  const valid = cents !== null && cents >= CARD_DEPOSIT_LIMITS.min && cents <= CARD_DEPOSIT_LIMITS.max;
  const create = useMutation({
    mutationFn: () => rpc.call('payment-insta.create', { amount: cents ?? 0, method: brand }),
    onSuccess: (answer) => void navigate({ to: '/wallet/deposit/instaxchange/$memo', params: { memo: answer.memo } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) create.mutate();
  };
  return (
    <form className="gift-form" onSubmit={submit}>
      <fieldset className="brand-choices">
        <legend className="field-label">Card</legend>
        {CARD_METHODS.map((method) => (
          <label key={method} className="lock-choice">
            <input type="radio" name="card-brand" checked={brand === method} onChange={() => setBrand(method)} />
            <span>{method === 'visa' ? 'Visa' : 'Mastercard'}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field-label">
          Coins ({formatCoins(CARD_DEPOSIT_LIMITS.min)} to {formatCoins(CARD_DEPOSIT_LIMITS.max)})
        </span>
        <input className="field-input" inputMode="decimal" value={text} placeholder="50" onChange={(event) => setText(cleanAmountInput(event.target.value, { decimals: 2 }))} />
      </label>
      <p className="form-error" role="status">
        {text && !valid ? `Enter ${formatCoins(CARD_DEPOSIT_LIMITS.min)} to ${formatCoins(CARD_DEPOSIT_LIMITS.max)} coins` : ''}
      </p>
      <Button type="submit" variant="deposit" disabled={!valid || create.isPending}>
        {create.isPending ? 'Opening…' : 'Pay with card'}
      </Button>
    </form>
  );
}

const STATUS_TEXT = {
  waiting: 'Waiting for your card payment.',
  pending: 'Paid: the partner is confirming it.',
  completed: 'Done: the coins are on your balance.',
  declined: 'We declined your payment due to a failed verification of incoming funds',
  expired: 'This payment expired. Start a new one.',
} as const;

/** One card deposit (the wallet_insta state): its status and the way to the checkout. */
function CardInvoice({ memo }: { memo: string }) {
  const invoice = useQuery({
    queryKey: [...walletKeys.all, 'insta', memo],
    queryFn: ({ signal }) => rpc.call('payment-insta.getInvoice', { memo }, { signal }),
  });
  if (invoice.isPending) return <Skeleton variant="row" count={3} />;
  if (invoice.isError) return <EmptyState title="This card payment was not found">Start a new card deposit.</EmptyState>;
  const { status, payment, url, expires_at } = invoice.data;
  return (
    <div className="card-invoice" data-status={status}>
      <dl className="deposit-facts">
        <dt>Amount</dt>
        <dd>{formatCoins(payment.amount)} coins</dd>
        <dt>Card</dt>
        <dd>{payment.method === 'visa' ? 'Visa' : 'Mastercard'}</dd>
        <dt>Reference</dt>
        <dd>
          <code className="wallet-code">{memo}</code>
        </dd>
        <dt>Status</dt>
        <dd data-testid="card-status">{STATUS_TEXT[status]}</dd>
      </dl>
      {status === 'waiting' && (
        <>
          <a className={buttonClass('deposit')} href={url} target="_blank" rel="noopener">
            Continue to payment
          </a>
          <p className="wallet-note">The payment page stays open until {formatEnGb(expires_at, 'time')}.</p>
        </>
      )}
      {(status === 'expired' || status === 'declined') && (
        <PathLink to="/wallet/deposit/instaxchange" className={buttonClass('ghost')}>
          New card deposit
        </PathLink>
      )}
    </div>
  );
}

/** /wallet/deposit/instaxchange(/{memo}): card deposits through the card partner. */
export function InstaxchangePage({ memo }: { memo?: string }) {
  return (
    <div className="wallet-two">
      <Panel title={memo ? 'Card payment' : 'Visa and Mastercard'}>
        {memo ? <CardInvoice memo={memo} /> : <CardDepositForm />}
      </Panel>
      <Panel title="How it works">
        <p>Card payments go through Instaxchange, our card partner: it buys the coins for you and pays them into your wallet.</p>
        <p>The coins arrive as soon as the partner confirms the payment; this page follows it by itself.</p>
      </Panel>
    </div>
  );
}

/** /wallet/{payment}: one deposit method. */
export function PaymentPage({ payment }: { payment: string }) {
  const method = findPaymentMethod(payment);
  const group = groupOfMethod(payment);
  if (!method || !group) return <EmptyState title="No such payment method">Pick one on the deposit page.</EmptyState>;
  const chain = cryptoCurrencyOf(method.id);
  if (chain) return <CryptoDeposit currency={chain} />;
  if (group === 'gift') return <GiftCardShop method={method.id as (typeof GIFT_CARD_METHODS)[number]} name={method.name} />;
  if (group === 'card') return <InstaxchangePage />;
  return <SkinsbackPage method={method.id === 'cs2' ? 'cs2' : 'skinsback'} />;
}
