/** Sends a declined crypto deposit back: the refund modal asks where to (document 2 section 5). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { validateCryptoAddress } from '../../core/crypto-address.ts';
import type { CryptoCurrency } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { currencyName } from './payment-methods.ts';
import { walletKeys } from './queries.ts';
import { useReportError, useSecureFlow } from './secure-flow.tsx';

/** The spec gives no width for it; the 2FA prompt's. */
const REFUND_WIDTH = 420;

type Chain = 'btc' | 'eth' | 'ltc' | 'usdt' | 'usdc';

/** The refund modal of a declined deposit in `method` (a chain, lower case). */
export function RefundModal({ method, onClose }: { method: Chain; onClose(): void }) {
  const queryClient = useQueryClient();
  const report = useReportError();
  const secure = useSecureFlow();
  const [address, setAddress] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const problem = address.trim() ? validateCryptoAddress(method.toUpperCase() as CryptoCurrency, address.trim()) : null;
  const refund = useMutation({
    mutationFn: (variables: { secure_code?: string }) => rpc.call('wallet.cryptoRefund', { currency: method, provider: 'crypto', refund_address: address.trim(), ...variables }),
    meta: { silent: true },
    onSuccess: (result) => {
      if (!result.success) return setAnswer(result.message);
      void queryClient.invalidateQueries({ queryKey: walletKeys.payments });
      onClose();
    },
    onError: (error, variables) => {
      if (!secure.handle(error, (code) => refund.mutate({ secure_code: code }), Boolean(variables.secure_code))) report(error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim() && !problem) refund.mutate({});
  };
  return (
    <>
      <Modal title="Refund your deposit" width={REFUND_WIDTH} onClose={onClose}>
        <form className="secure-form" onSubmit={submit}>
          <p className="wallet-note">The declined {currencyName(method)} goes back, less the network fee, to an address of yours.</p>
          <label className="field">
            <span className="field-label">Refund address</span>
            <input className="field-input" value={address} spellCheck={false} data-autofocus aria-invalid={problem ? true : undefined} onChange={(event) => setAddress(event.target.value)} />
          </label>
          <p className="form-error" role="status">
            {problem ?? answer}
          </p>
          {secure.setupNeeded && <p className="form-error">Refunds need two-factor authentication: set it up on the account page first.</p>}
          <div className="modal-actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={!address.trim() || Boolean(problem) || refund.isPending}>
              Refund
            </Button>
          </div>
        </form>
      </Modal>
      {secure.prompt}
    </>
  );
}
