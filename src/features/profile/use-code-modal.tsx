/**
 * The use-code modal (document 1 sections 2.2, 5 and 9: 545 px), opened from a partner's card
 * and profile: a promo or affiliate code, or a gift code (three groups of five), claimed with
 * partnership-plus.activate-code. Nothing changes on a refused code; the server's words say why.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { NamedError, NumericError } from '../../contract/errors.ts';
import { isGiftCode } from '../../core/validation.ts';
import { RpcError, rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalWidth } from '../../ui/modal.tsx';
// The notice store itself (a shared layer), not the notifications feature: that feature reaches
// the inventory, whose cards reach this one, and features do not go round in circles.
import { pushNotice } from '../../ui/notice-store.ts';
import { sessionKeys } from '../session/index.ts';
import './use-code.css';

/** The modal's own texts (document 1 section 5: 'Invalide code' is the spec's typo; the server says 'Invalid code'). */
export const UseCodeText = {
  invalid: 'Invalid code',
  invalidGift: 'Invalid Code',
  giftTitle: 'Code Error',
} as const;

/** Codes whose refusal the modal words itself: 28, 29 and the cooldown (document 1 section 5, document 3 section 8). */
const SHOWN_HERE: readonly unknown[] = [NumericError.INVALID_CODE, NumericError.CODE_UNAVAILABLE, NamedError.CODE_ACTIVATION_DELAY, NamedError.user_already_exists];

export default function UseCodeModal({ code: offered, partner, onClose }: { code: string; partner: string | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState(offered);
  const [anonymous, setAnonymous] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const trimmed = code.trim();
  const gift = isGiftCode(trimmed);
  const claim = useMutation({
    mutationFn: () => rpc.call('partnership-plus.activate-code', { code: trimmed, ...(gift ? {} : { anonymous: anonymous ? 1 : 0 }), stamp: crypto.randomUUID() }),
    meta: { silent: true },
    onSuccess: async (answer) => {
      if (!answer.success) {
        // Document 1 section 8: a refused gift code is a 'Code Error' notice with the server's cause.
        setMessage(answer.cause ?? UseCodeText.invalidGift);
        pushNotice({ type: 'error', title: UseCodeText.giftTitle, message: answer.cause ?? UseCodeText.invalidGift, timerMs: 5000 });
        return;
      }
      pushNotice({ type: 'system', title: 'Code applied', message: answer.kind === 'gift' ? 'The gift is yours.' : `${partner ?? 'The partner'}'s code is yours: your deposits now earn the bonus.`, timerMs: 5000 });
      setCode('');
      // The referral, the balance and any gift's item are all the session's: read again.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      onClose();
    },
    onError: (error) => {
      if (error instanceof RpcError && SHOWN_HERE.includes(error.code)) return setMessage(error.code === NumericError.INVALID_CODE ? UseCodeText.invalid : error.message);
      // Anything else is said where the player is looking, in the server's words when it has them.
      setMessage(error instanceof RpcError ? `${error.code}: ${error.message}` : 'The code could not be sent. Try again in a moment.');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed !== '' && !claim.isPending) claim.mutate();
  };
  return (
    <Modal title="Use code" width={ModalWidth.enterCode} onClose={onClose}>
      <form className="use-code" onSubmit={submit}>
        <p className="use-code-lead">
          {partner ? (
            <>
              Use <strong>{partner}</strong>’s code: every deposit earns a bonus, and {partner} earns from them.
            </>
          ) : (
            'A partner’s code gives a bonus on every deposit; a gift code gives its gift.'
          )}
        </p>
        <label className="field">
          <span className="field-label">Code</span>
          <input
            className="field-input"
            value={code}
            data-autofocus
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            aria-invalid={message !== null ? true : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setMessage(null);
            }}
          />
        </label>
        {!gift && (
          <label className="use-code-anonymous">
            <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
            <span>Hide me from the partner’s referral list</span>
          </label>
        )}
        <p className="form-error" role="alert">
          {message}
        </p>
        <div className="modal-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={trimmed === '' || claim.isPending}>
            {claim.isPending ? 'Claiming…' : 'Claim'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
