import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Button } from '../../ui/button.tsx';
import { formatEnGb } from '../../ui/date-format.ts';
import { Panel } from '../../ui/page-frame.tsx';
import { sessionKeys } from '../session/index.ts';
import { AvatarSettings, NicknameSettings } from './customize-settings.tsx';
import { BadgePicker } from './badge-picker.tsx';
import { profileKeys, profileQueryOptions } from './queries.ts';

/** Nickname availability is checked this long after the last keystroke (document 1 section 9). */
const NAME_CHECK_MS = 500;
const DISPLAY_NAME = /^(?=.{3,25}$)[\p{L}\p{N}](?:[\p{L}\p{N} ._-]*[\p{L}\p{N}])?$/u;
const BREAKS = [
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '6 months', days: 182 },
] as const;

type Check = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';
const CHECK_TEXT: Record<Check, string> = {
  idle: '',
  checking: 'Checking…',
  available: 'This name is available!',
  taken: 'This name is already used',
  invalid: '3 to 25 letters, digits, spaces, dots or dashes; start and end with a letter or digit.',
};

function useNameCheck(value: string, current: string): Check {
  // Answers by name: what to show follows from the name typed and what the server said of it.
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const unchecked = !value || value === current;
  const valid = DISPLAY_NAME.test(value);
  useEffect(() => {
    if (unchecked || !valid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      rpc
        .call('account.checkName', { display_name: value }, { signal: controller.signal })
        .then((answer) => setAnswers((known) => ({ ...known, [value]: answer.available })))
        .catch(() => undefined);
    }, NAME_CHECK_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, unchecked, valid]);
  // An empty name or the current one is not checked.
  if (unchecked) return 'idle';
  if (!valid) return 'invalid';
  const answer = answers[value];
  return answer === undefined ? 'checking' : answer ? 'available' : 'taken';
}

/** ?settings=main on one's own profile: display name, status, privacy and a rest. */
export function AccountSettings({ name }: { name: string }) {
  const { data: user } = useSuspenseQuery(profileQueryOptions(name));
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(user.display_name);
  const [status, setStatus] = useState(user.status);
  const [hidden, setHidden] = useState(user.private);
  const check = useNameCheck(displayName.trim(), user.display_name);
  const save = useMutation({
    mutationFn: () => rpc.call('account.updateSettings', { display_name: displayName.trim(), status, private: hidden }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.account });
    },
  });
  const rest = useMutation({
    mutationFn: (days: number) => rpc.call('account.break', { expire: Math.floor(Date.now() / 1000) + days * 86_400 }),
  });
  const [restDays, setRestDays] = useState<number | null>(null);
  const blocked = check === 'taken' || check === 'invalid' || check === 'checking';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) save.mutate();
  };
  const restUntil = rest.data ? formatEnGb(rest.data.break_until * 1000, 'date-minutes') : null;
  return (
    <div className="profile-settings">
      <Panel title="Account settings">
        <form onSubmit={submit} className="profile-settings-form">
          <label className="field">
            <span className="field-label">Display name</span>
            <input className="field-input" value={displayName} maxLength={25} onChange={(e) => setDisplayName(e.target.value)} aria-invalid={check === 'taken' || check === 'invalid'} />
            <span className={`profile-check profile-check-${check}`} aria-live="polite">
              {CHECK_TEXT[check]}
            </span>
          </label>
          <label className="field">
            <span className="field-label">Status</span>
            <input className="field-input" value={status} maxLength={100} onChange={(e) => setStatus(e.target.value)} placeholder="A line under your name" />
          </label>
          <label className="profile-toggle">
            <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} />
            <span>Keep my wagered, games and best drop private</span>
          </label>
          <p className="form-error" role="alert">
            {save.error instanceof RpcError ? save.error.message : save.error ? 'Could not save; try again.' : ''}
          </p>
          <Button type="submit" variant="primary" disabled={blocked || save.isPending}>
            {save.isSuccess && !save.isPending ? 'Saved' : 'Save'}
          </Button>
        </form>
      </Panel>
      <AvatarSettings user={user} />
      <NicknameSettings current={user.name} />
      <BadgePicker />
      <Panel title="Take a break">
        <p className="profile-note">A break shuts cases, battles and tips until it ends; deposits, withdrawals and the vault stay open. Support cannot lift it early.</p>
        {restUntil ? (
          <p className="profile-rest-on" role="status">
            You are on a break until {restUntil}.
          </p>
        ) : (
          <div className="profile-rest">
            {BREAKS.map((b) => (
              <Button key={b.days} size="sm" variant={restDays === b.days ? 'danger' : 'ghost'} disabled={rest.isPending} onClick={() => (restDays === b.days ? rest.mutate(b.days) : setRestDays(b.days))}>
                {restDays === b.days ? `Confirm ${b.label}` : b.label}
              </Button>
            ))}
          </div>
        )}
        {rest.error instanceof RpcError && <p className="form-error">{rest.error.message}</p>}
      </Panel>
    </div>
  );
}
