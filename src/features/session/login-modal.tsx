import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { NumericError } from '../../contract/errors.ts';
import { ValidationMessage, validateLoginForm, validateName } from '../../core/validation.ts';
import { RpcError, RpcNetworkError, RpcRateLimitedError, rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalWidth } from '../../ui/modal.tsx';
import { checkLogged } from './logged-cookie.ts';
import { sessionModal } from './session-actions.ts';

/** Spec: a failed sign-in reads 'Enter correct username and password'. */
const LOGIN_FAILED = 'Enter correct username and password';

/** What the form says about a failed sign-in: the server's own words for bad input, else the spec's line. */
function failureText(error: unknown): string {
  if (error instanceof RpcError && (error.code === NumericError.INPUT_ERROR || error.code === NumericError.INVALID_DATA)) return error.message;
  if (error instanceof RpcRateLimitedError) return 'Too many attempts. Take a breather and try again.';
  if (error instanceof RpcNetworkError) return 'Waiting for connection...';
  return LOGIN_FAILED;
}

/**
 * The username and password form (opened by shift-click or touch-hold on the login button).
 * Loaded on demand: its validation rules share the contract's patterns, which the first page
 * does not need.
 */
export default function LoginModal() {
  return (
    <Modal title="Login" width={ModalWidth.login} onClose={() => sessionModal.set(null)}>
      <LoginForm />
    </Modal>
  );
}

function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const login = useMutation({
    // The form says what went wrong itself.
    meta: { silent: true },
    mutationFn: () => rpc.login(username.trim(), password),
    onSuccess: () => {
      sessionModal.set(null);
      // The answer set the `logged` cookie; reading it now spares the wait for the next poll.
      checkLogged();
    },
    onError: (failure) => setError(failureText(failure)),
  });
  const missing = validateLoginForm(username, password);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = missing ?? validateName(username.trim());
    if (problem) return setError(problem);
    if (!error && !login.isPending) login.mutate();
  };
  // Enter submits; with a field empty the disabled Login button would swallow it silently.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && missing) {
      event.preventDefault();
      setError(ValidationMessage.FILL_IN_ALL_FIELDS);
    }
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <label className="field">
        <span className="field-label">Username</span>
        <input
          className="field-input"
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={25}
          value={username}
          onChange={(e) => edit(setUsername)(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          data-autofocus
        />
      </label>
      <label className="field">
        <span className="field-label">Password</span>
        <input
          className="field-input"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          value={password}
          onChange={(e) => edit(setPassword)(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
      </label>
      <p id={errorId} className="form-error" role="alert">
        {error}
      </p>
      <p className="login-hint">New here? Pick a name and a password of 6 or more characters: your account is created on first sign-in.</p>
      <div className="modal-actions">
        <Button onClick={() => sessionModal.set(null)}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={Boolean(missing) || Boolean(error) || login.isPending}>
          {login.isPending ? 'Logging in…' : 'Login'}
        </Button>
      </div>
    </form>
  );
}
