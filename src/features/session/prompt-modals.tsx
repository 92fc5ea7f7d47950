/**
 * The modals of the request lifecycle's prompts (document 1 section 2.2 'Other modals':
 * protection challenge, verification-2FA, required-2FA; document 3 section 8 the close-party
 * flow). Loaded with the first prompt. Closing a modal (Esc, the backdrop, Cancel) cancels the
 * prompt, which ends the waiting calls silently.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RpcError, rpc, type RpcPrompt } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { answerPrompt } from './prompts.ts';
import { CodeField, SetupKey, isCode } from './two-factor-fields.tsx';

/** Widths in px: the protection challenge's is the spec's (515), the disband-party modal's (567) serves the close-party flow. */
const PromptWidth = { captcha: 515, 'secure-code': 545, 'secure-setup': 579, 'close-party': 567 } as const;

/** The words of a failed call inside a prompt. */
const failureText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/** The modal of the prompt on screen. */
export default function PromptModal({ prompt }: { prompt: RpcPrompt }) {
  const cancel = () => answerPrompt(prompt.kind, { done: false });
  switch (prompt.kind) {
    case 'captcha':
      return <ProtectionChallenge onCancel={cancel} />;
    case 'secure-code':
      return <SecureCode prompt={prompt} onCancel={cancel} />;
    case 'secure-setup':
      return <SecureSetup prompt={prompt} onCancel={cancel} />;
    case 'close-party':
      return <CloseParty prompt={prompt} onCancel={cancel} />;
  }
}

function ProtectionChallenge({ onCancel }: { onCancel(): void }) {
  return (
    <Modal title="Protection challenge" width={PromptWidth.captcha} onClose={onCancel}>
      <p className="prompt-text">Too many requests look automated. Confirm that a person is playing and the arena carries on where it stopped.</p>
      <div className="modal-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" data-autofocus onClick={() => answerPrompt('captcha', { done: true })}>
          I am a player
        </Button>
      </div>
    </Modal>
  );
}

function SecureCode({ prompt, onCancel }: { prompt: RpcPrompt; onCancel(): void }) {
  const [code, setCode] = useState('');
  // A wrong code comes back as a new prompt with the server's words ('Invalid 2FA code').
  const wrong = prompt.message !== 'Enter the code from your authenticator app' ? prompt.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCode(code)) answerPrompt('secure-code', { done: true, secure_code: code });
  };
  return (
    <Modal title="Two-factor code" width={PromptWidth['secure-code']} onClose={onCancel}>
      <form onSubmit={submit} noValidate>
        <p className="prompt-text">This needs a code from your authenticator app.</p>
        <CodeField key={prompt.message} code={code} onChange={setCode} error={wrong} />
        <div className="modal-actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!isCode(code)}>
            Confirm
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function SecureSetup({ prompt, onCancel }: { prompt: RpcPrompt; onCancel(): void }) {
  const [code, setCode] = useState('');
  const setup = useMutation({ meta: { silent: true }, mutationFn: () => rpc.call('account.secure-setup', {}, { forPrompt: true }) });
  const enable = useMutation({
    meta: { silent: true },
    mutationFn: () => rpc.call('account.secure-enable', { code }, { forPrompt: true }),
    onSuccess: () => answerPrompt('secure-setup', { done: true }),
  });
  const error = setup.error ?? enable.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCode(code) && !enable.isPending) enable.mutate();
  };
  return (
    <Modal title="2FA Required" width={PromptWidth['secure-setup']} onClose={onCancel}>
      <p className="prompt-text">{prompt.message}.</p>
      {!setup.data ? (
        <>
          <p className="prompt-text">An authenticator app (Google Authenticator, Aegis, 1Password…) makes a new six-digit code every 30 seconds. The arena asks for one before money leaves your account.</p>
          <p className="form-error" role="alert">
            {error ? failureText(error) : null}
          </p>
          <div className="modal-actions">
            <Button onClick={onCancel}>Cancel</Button>
            <Button variant="primary" data-autofocus disabled={setup.isPending} onClick={() => setup.mutate()}>
              {setup.isPending ? 'Preparing…' : 'Set up 2FA'}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <SetupKey setup={setup.data} />
          <CodeField code={code} onChange={setCode} error={enable.error ? failureText(enable.error) : null} label="The code your app shows now" />
          <div className="modal-actions">
            <Button onClick={onCancel}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={!isCode(code) || enable.isPending}>
              {enable.isPending ? 'Checking…' : 'Enable 2FA'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function CloseParty({ prompt, onCancel }: { prompt: RpcPrompt; onCancel(): void }) {
  const close = useMutation({
    meta: { silent: true },
    mutationFn: () => rpc.call('partnership-plus.close-party', {}, { forPrompt: true }),
    onSuccess: () => answerPrompt('close-party', { done: true }),
  });
  const failure = close.error instanceof RpcError ? close.error.message : close.error ? 'Oops.. Something went wrong.' : null;
  return (
    <Modal title="Close your stream party" width={PromptWidth['close-party']} onClose={onCancel}>
      <p className="prompt-text">{prompt.message}</p>
      <p className="prompt-text">Closing it ends the party for everyone in it; then the arena carries on with what you asked.</p>
      <p className="form-error" role="alert">
        {failure}
      </p>
      <div className="modal-actions">
        <Button onClick={onCancel} data-autofocus>
          Keep the party
        </Button>
        <Button variant="danger" disabled={close.isPending} onClick={() => close.mutate()}>
          Close party
        </Button>
      </div>
    </Modal>
  );
}
