/**
 * /account/verify: two-factor authentication (TOTP) set up with the shared setup key, enabled
 * with a code, turned off with a code. Crypto withdrawals need it; the vault then asks for
 * codes too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { rpc } from '../../../net/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/page-frame.tsx';
import { pushNotice } from '../../notifications/index.ts';
import { CodeField, SetupKey, isCode } from '../../session/on-demand.ts';
import { alertsQueryOptions, secureStatusQueryOptions, walletKeys } from '../queries.ts';

/** A code field and its button, sent once six digits are in. */
function CodeForm({ label, action, busy, problem, onCode }: { label: string; action: string; busy: boolean; problem: string | null; onCode(code: string): void }) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCode(code) && !busy) onCode(code);
  };
  return (
    <form className="secure-form" onSubmit={submit} noValidate>
      <CodeField code={code} onChange={setCode} error={problem} label={label} />
      <Button type="submit" variant="primary" disabled={!isCode(code) || busy}>
        {action}
      </Button>
    </form>
  );
}

/** The 2FA block: its state and the way to change it. */
export function TwoFactorPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(secureStatusQueryOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const setup = useMutation({ mutationFn: () => rpc.call('account.secure-setup', {}) });
  const done = (enabled: boolean) => {
    setProblem(null);
    setup.reset();
    queryClient.setQueryData(secureStatusQueryOptions().queryKey, { enabled });
    void queryClient.invalidateQueries({ queryKey: walletKeys.requirements });
    void queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey });
    void import('../../notifications/on-demand.ts').then(({ notificationNotice }) => pushNotice(notificationNotice({ type: '2fa', status: enabled ? 'enable' : 'disable' })));
  };
  // Wrong codes are shown by the form, not as notices.
  const enable = useMutation({
    mutationFn: (code: string) => rpc.call('account.secure-enable', { code }),
    meta: { silent: true },
    onSuccess: (answer) => done(answer.enabled),
    onError: (error) => setProblem(error.message),
  });
  const disable = useMutation({
    mutationFn: (code: string) => rpc.call('account.secure-disable', { code }),
    meta: { silent: true },
    onSuccess: (answer) => done(answer.enabled),
    onError: (error) => setProblem(error.message),
  });

  if (status.isPending) return <Skeleton variant="row" count={2} />;
  if (status.isError) return <p className="form-error">The two-factor status did not load.</p>;
  if (status.data.enabled) {
    return (
      <div className="two-factor" data-testid="two-factor">
        <p>
          <strong className="two-factor-on">Two-factor authentication is on.</strong> Withdrawals and the vault ask for a code from your app.
        </p>
        <CodeForm label="Code to turn it off" action="Turn off" busy={disable.isPending} problem={problem} onCode={(code) => disable.mutate(code)} />
      </div>
    );
  }
  if (!setup.data) {
    return (
      <div className="two-factor" data-testid="two-factor">
        <p>Protect withdrawals with a code from an authenticator app (Google Authenticator, Authy, 1Password…). Crypto withdrawals need it.</p>
        <Button variant="primary" disabled={setup.isPending} onClick={() => setup.mutate()}>
          Set up two-factor authentication
        </Button>
      </div>
    );
  }
  return (
    <div className="two-factor" data-testid="two-factor">
      <SetupKey setup={setup.data} />
      <CodeForm label="The code your app shows now" action="Enable 2FA" busy={enable.isPending} problem={problem} onCode={(code) => enable.mutate(code)} />
    </div>
  );
}
