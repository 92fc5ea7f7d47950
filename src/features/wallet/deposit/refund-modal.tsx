/**
 * Sends a declined crypto deposit back: the refund modal asks where to (document 2 section 5).
 * A refund needs 2FA: the app's prompts (src/net rpc) set it up and ask for the code, then
 * send the same call again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { validateCryptoAddress } from '../../../core/crypto-address.ts';
import type { CryptoCurrency } from '../../../contract/currencies.ts';
import { cryptoCode } from '../../../core/money.ts';
import { rpc } from '../../../net/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { currencyName } from '../payment-methods.ts';
import { secureStatusQueryOptions, walletKeys } from '../queries.ts';

/** The spec gives no width for it. */
const REFUND_WIDTH = 420;

/** The refund modal of a declined deposit in `method` (a chain, lower case). */
export function RefundModal({ method, onClose }: { method: CryptoCurrency; onClose(): void }) {
  const queryClient = useQueryClient();
  const secureStatus = useQuery(secureStatusQueryOptions());
  const [address, setAddress] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const problem = address.trim() ? validateCryptoAddress(cryptoCode(method), address.trim()) : null;
  const refund = useMutation({
    mutationFn: () => rpc.call('wallet.cryptoRefund', { currency: method, provider: 'crypto', refund_address: address.trim() }),
    onSuccess: (result) => {
      if (!result.success) return setAnswer(result.message);
      void queryClient.invalidateQueries({ queryKey: walletKeys.payments });
      onClose();
    },
    // The prompts may have turned 2FA on, whatever the refund's outcome.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: secureStatusQueryOptions().queryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim() && !problem) refund.mutate();
  };
  return (
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
        {secureStatus.data?.enabled === false && <p className="wallet-note">Refunds need two-factor authentication: you set it up when you confirm.</p>}
        <div className="modal-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!address.trim() || Boolean(problem) || refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Modal>
  );
}
