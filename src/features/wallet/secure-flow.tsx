/**
 * The 2FA prompts of money calls (document 3 section 8): SECURE_REQUIRED means the player
 * has to set up two-factor authentication first; SECURE_CODE_REQUIRED asks for the code of
 * the authenticator app and the same call is sent again with it (same stamp, so a retry
 * never moves money twice).
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { NamedError } from '../../contract/errors.ts';
import { RpcError } from '../../net/index.ts';
import { reportApiError } from '../notifications/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

/** Width of the code prompt; the spec gives none, this matches the lock confirmation's family. */
const CODE_MODAL_WIDTH = 420;

/** Reports a failed call the spec's way (a notice titled by its code). */
export function useReportError(): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback((error: unknown) => reportApiError(error, (to) => void navigate({ to })), [navigate]);
}

/** The code prompt: six digits from the authenticator app. */
export function SecureCodeModal({ problem, onSubmit, onClose }: { problem: string | null; onSubmit(code: string): void; onClose(): void }) {
  const [code, setCode] = useState('');
  const valid = /^\d{6}$/.test(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSubmit(code);
  };
  return (
    <Modal title="Two-factor authentication" width={CODE_MODAL_WIDTH} onClose={onClose}>
      <form className="secure-form" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Code from your authenticator app</span>
          <input
            className="field-input secure-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            data-autofocus
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </label>
        <p className="form-error" role="status">
          {problem}
        </p>
        <div className="modal-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!valid}>
            Confirm
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** What useSecureFlow gives a form. */
export interface SecureFlow {
  /**
   * For a mutation's onError: a 2FA request opens the prompt (or the setup) and answers true;
   * `retry` sends the call again with the code; `withCode` says whether the refused call
   * carried one (then the prompt shows why it was refused). Any other error answers false.
   */
  handle(error: unknown, retry: (code: string) => void, withCode: boolean): boolean;
  /** The player must set up 2FA before the call can go through. */
  setupNeeded: boolean;
  /** The prompt to render, when open. */
  prompt: ReactNode;
}

/** Follows the 2FA requests of one form's calls. */
export function useSecureFlow(): SecureFlow {
  const [asking, setAsking] = useState<{ problem: string | null } | null>(null);
  const [setupNeeded, setSetupNeeded] = useState(false);
  const retry = useRef<((code: string) => void) | null>(null);

  const handle = useCallback((error: unknown, again: (code: string) => void, withCode: boolean) => {
    if (!(error instanceof RpcError)) return false;
    if (error.code === NamedError.SECURE_REQUIRED) {
      setSetupNeeded(true);
      return true;
    }
    if (error.code === NamedError.SECURE_CODE_REQUIRED) {
      retry.current = again;
      setAsking({ problem: withCode ? error.message : null });
      return true;
    }
    return false;
  }, []);

  const prompt = asking ? (
    <SecureCodeModal
      key={asking.problem ?? 'first'}
      problem={asking.problem}
      onClose={() => setAsking(null)}
      onSubmit={(code) => {
        setAsking(null);
        retry.current?.(code);
      }}
    />
  ) : null;
  return { handle, setupNeeded, prompt };
}
