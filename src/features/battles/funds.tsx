import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { NamedError } from '../../contract/index.ts';
import { RpcError } from '../../net/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { WalletIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { reportApiError } from '../notifications/index.ts';

/** Document 1 section 9: the insufficient-funds modal is 603 px wide. */
const FUNDS_MODAL_WIDTH = 603;

/** Shown when a create, join or sponsor is refused for lack of coins (COMMIT_ERROR): the way to a deposit. */
export function InsufficientFundsModal({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Not enough coins" width={FUNDS_MODAL_WIDTH} onClose={onClose}>
      <p className="funds-text">Your balance does not cover this seat. Deposit coins to your wallet and come back: the battle waits for players.</p>
      <div className="modal-actions">
        <Button onClick={onClose}>Cancel</Button>
        <PathLink to="/wallet" className={buttonClass('deposit')} data-autofocus onClick={onClose}>
          <WalletIcon /> Deposit
        </PathLink>
      </div>
    </Modal>
  );
}

/**
 * A money-moving battle call (create, join, sponsor): a COMMIT_ERROR opens the
 * insufficient-funds modal instead of a notice (document 1 section 8); other failures are
 * reported the usual way. Render `fundsModal` somewhere in the page.
 */
export function useMoneyAction<TData, TVariables>(options: Omit<UseMutationOptions<TData, Error, TVariables>, 'meta' | 'onError'>) {
  const navigate = useNavigate();
  const [short, setShort] = useState(false);
  const mutation = useMutation<TData, Error, TVariables>({
    ...options,
    meta: { silent: true },
    onError: (error) => {
      if (error instanceof RpcError && error.code === NamedError.COMMIT_ERROR) setShort(true);
      else reportApiError(error, (to) => void navigate({ to }));
    },
  });
  return { mutation, fundsModal: short ? <InsufficientFundsModal onClose={() => setShort(false)} /> : null };
}
