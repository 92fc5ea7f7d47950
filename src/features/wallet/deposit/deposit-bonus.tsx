/**
 * The deposit-bonus modal (document 2 sections 2, 4 and 5): step 1 asks for a partner's code
 * (with a checkbox to stay hidden from the partner's referral list), step 2 shows the current
 * partner and the bonus with a way back to change the code.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { NamedError, NumericError } from '../../../contract/errors.ts';
import { NAME_MIN_LENGTH } from '../../../core/validation.ts';
import { RpcError, rpc } from '../../../net/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { HelpIcon } from '../../../ui/page-icons.tsx';
import { PathLink } from '../../../ui/path-link.tsx';
import { referralQueryOptions, walletKeys } from '../queries.ts';
import { useReportError } from '../report-error.ts';

/** The spec gives no width for this modal; the login modal's family. */
const BONUS_WIDTH = 480;
/** Spec: the modal's content appears after 100 ms. */
const CONTENT_DELAY_MS = 100;
/** Where /p/{code} and /r/{code} keep an invite code (partnership feature). */
const INVITE_KEY = 'invite_code';

/** The messages of the code field (spec: available, used, min_length, success, invalid_code). */
const MESSAGES = {
  available: 'Enter a partner code to get a bonus on every deposit.',
  used: 'This code is already yours.',
  min_length: `A code has at least ${NAME_MIN_LENGTH} characters.`,
  success: 'The code is applied: your deposits now earn the bonus.',
  invalid_code: 'Invalid code',
} as const;
type Message = keyof typeof MESSAGES;

function storedInvite(): string {
  try {
    return localStorage.getItem(INVITE_KEY) ?? '';
  } catch {
    return '';
  }
}

function clearInvite(): void {
  try {
    localStorage.removeItem(INVITE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The bonus in percent from its fraction: 0.05 reads 5. */
const percentOf = (fraction: number) => Math.round(fraction * 10_000) / 100;

function DepositBonusModal({ invite, onClose }: { invite: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const report = useReportError();
  const referral = useQuery(referralQueryOptions());
  const [shown, setShown] = useState(false);
  const [changing, setChanging] = useState(false);
  const [code, setCode] = useState(invite);
  const [anonymous, setAnonymous] = useState(false);
  const [message, setMessage] = useState<{ key: Message | null; text?: string }>({ key: null });

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), CONTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const apply = useMutation({
    mutationFn: () => rpc.call('partnership.activateCode', { code: code.trim(), anonymous: anonymous ? 1 : 0, stamp: crypto.randomUUID() }),
    meta: { silent: true },
    onSuccess: async (answer) => {
      if (!answer.success) return setMessage({ key: 'invalid_code' });
      setMessage({ key: 'success' });
      clearInvite();
      await queryClient.invalidateQueries({ queryKey: walletKeys.referral });
      onClose();
    },
    onError: (error) => {
      if (error instanceof RpcError && error.code === NumericError.INVALID_CODE) return setMessage({ key: 'invalid_code' });
      if (error instanceof RpcError && (error.code === NumericError.CODE_UNAVAILABLE || error.code === NamedError.CODE_ACTIVATION_DELAY)) return setMessage({ key: null, text: error.message });
      report(error);
    },
  });

  const data = referral.data;
  const percent = percentOf(data?.config.REF_CASHBACK_PERCENT ?? 0.05);
  // Step 2 when a bonus is already running and no invite code came in, until 'Change code'.
  const step = data?.partner && data.cashback_available && !invite && !changing ? 2 : 1;
  const trimmed = code.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < NAME_MIN_LENGTH;
  const used = Boolean(data?.code && trimmed.toLowerCase() === data.code.toLowerCase());
  const error = message.key === 'invalid_code' || message.text !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec: an empty submit just closes the modal.
    if (trimmed === '') return onClose();
    if (!tooShort && !used && !error) apply.mutate();
  };
  const shownMessage: Message | null = message.key ?? (tooShort ? 'min_length' : used ? 'used' : null);

  return (
    <Modal title={`Deposit bonus +${percent}%`} width={BONUS_WIDTH} onClose={onClose}>
      {!shown || referral.isPending ? (
        <div className="bonus-body" aria-busy="true" />
      ) : step === 2 && data?.partner ? (
        <div className="bonus-body">
          <p>
            Your partner is <strong>{data.partner.display_name}</strong>. Every deposit earns <strong className="bonus-percent">+{percent}%</strong> on top, up to{' '}
            {Math.floor(data.config.REF_CASHBACK_DAILY_CAP / 100)} coins a day.
          </p>
          <div className="modal-actions">
            <PathLink to="/faq?category=partnership" className="bonus-info" aria-label="How the deposit bonus works">
              <HelpIcon />
            </PathLink>
            <Button onClick={() => setChanging(true)}>Change code</Button>
          </div>
        </div>
      ) : (
        <form className="bonus-body" onSubmit={submit}>
          <p>Get +{percent}% on every deposit with a partner's code.</p>
          <label className="field">
            <span className="field-label">Partner code</span>
            <input
              className="field-input"
              value={code}
              data-autofocus
              autoCapitalize="none"
              spellCheck={false}
              maxLength={25}
              aria-invalid={error || tooShort ? true : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                // Spec: typing resets every message.
                setMessage({ key: null });
              }}
            />
          </label>
          <label className="bonus-anonymous">
            <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
            <span>Hide me from the partner's referral list</span>
          </label>
          <p className={error || tooShort ? 'form-error' : 'bonus-message'} role="status">
            {message.text ?? (shownMessage ? MESSAGES[shownMessage] : MESSAGES.available)}
          </p>
          <div className="modal-actions">
            <PathLink to="/faq?category=partnership" className="bonus-info" aria-label="How the deposit bonus works">
              <HelpIcon />
            </PathLink>
            <Button type="submit" variant="deposit" disabled={(trimmed !== '' && (tooShort || used || error)) || apply.isPending}>
              {trimmed === '' ? 'Close' : 'Apply code'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The deposit page's bonus banner; it opens the modal, by itself when an invite link left a code. */
export function DepositBonusButton() {
  const referral = useQuery(referralQueryOptions());
  const [invite, setInvite] = useState(storedInvite);
  const [open, setOpen] = useState(invite !== '');
  const percent = percentOf(referral.data?.config.REF_CASHBACK_PERCENT ?? 0.05);
  const partner = referral.data?.partner;
  return (
    <>
      <div className="bonus-banner" data-personal>
        <p>
          {partner ? (
            <>
              Deposit bonus <strong>+{percent}%</strong> with {partner.display_name}
            </>
          ) : (
            <>
              Get <strong>+{percent}%</strong> on your deposits with a partner's code
            </>
          )}
        </p>
        <Button size="sm" variant="deposit" onClick={() => setOpen(true)}>
          {partner ? 'Deposit bonus' : 'Enter a code'}
        </Button>
      </div>
      {open && (
        <DepositBonusModal
          invite={invite}
          onClose={() => {
            setOpen(false);
            // An applied invite code is gone from storage: the next opening starts from the partner.
            setInvite(storedInvite());
          }}
        />
      )}
    </>
  );
}
