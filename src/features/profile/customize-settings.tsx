import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { validateNickname } from '../../core/validation.ts';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { sessionKeys } from '../session/index.ts';
import { profileKeys } from './queries.ts';

/** Document 1 section 9: the nickname is checked 500 ms after the last keystroke. */
const NICKNAME_CHECK_MS = 500;
/** Document 1 section 5: dropped files must be one of these. */
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

type NameCheck = { state: 'idle' } | { state: 'checking' } | { state: 'available' } | { state: 'error'; message: string };

/** Section 5's nickname check: empty or unchanged is idle; the rules first, then availability after the pause. */
function useNicknameCheck(value: string, current: string): NameCheck {
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const rule = validateNickname(value, current);
  const digitsFirst = /^\d/.test(value);
  const unchecked = value === '' || value === current;
  const problem = unchecked ? null : digitsFirst ? 'The nickname must not start with numbers' : rule;
  useEffect(() => {
    if (unchecked || problem) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      rpc
        .call('account.checkName', { name: value }, { signal: controller.signal })
        .then((answer) => setAnswers((known) => ({ ...known, [value]: answer.available })))
        .catch(() => undefined);
    }, NICKNAME_CHECK_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, unchecked, problem]);
  if (unchecked) return { state: 'idle' };
  if (problem) return { state: 'error', message: problem };
  const answer = answers[value];
  if (answer === undefined) return { state: 'checking' };
  return answer ? { state: 'available' } : { state: 'error', message: 'This name is already used' };
}

const CHECK_TEXT = { idle: '', checking: 'Checking…', available: 'This name is available!' } as const;

function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.account });
  };
}

/** The nickname change (needs a one-off nickname card, which the server checks). */
export function NicknameSettings({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const check = useNicknameCheck(name.trim(), current);
  const refresh = useRefreshAccount();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: () => rpc.call('account.updateSettings', { name: name.trim() }),
    onSuccess: (answer) => {
      refresh();
      // The profile's address is the name: follow it.
      void navigate({ href: `/@${answer.user.name}?settings=main` });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.state === 'available') save.mutate();
  };
  return (
    <Panel title="Nickname">
      <form onSubmit={submit} className="profile-settings-form">
        <label className="field">
          <span className="field-label">Nickname</span>
          <input className="field-input" value={name} maxLength={25} onChange={(e) => setName(e.target.value)} aria-invalid={check.state === 'error'} autoComplete="off" />
          <span className={`profile-check profile-check-${check.state === 'error' ? 'taken' : check.state}`} aria-live="polite">
            {check.state === 'error' ? check.message : CHECK_TEXT[check.state]}
          </span>
        </label>
        <p className="profile-note">Changing the nickname uses a one-off nickname card.</p>
        <p className="form-error" role="alert">
          {save.error instanceof RpcError ? save.error.message : save.error ? 'Could not change the nickname; try again.' : ''}
        </p>
        <Button type="submit" variant="primary" disabled={check.state !== 'available' || save.isPending}>
          Change nickname
        </Button>
      </form>
    </Panel>
  );
}

/** account.preloadAvatar's answer is cached under this key; an upload or a card activation changes it. */
const avatarTermsKey = ['account', 'preloadAvatar'] as const;

async function uploadAvatar(file: File): Promise<{ avatar: string }> {
  // Preparing the upload (a cheap RPC) first renews an expired session, so the upload's cookie is fresh.
  await rpc.call('account.preloadAvatar', {});
  const response = await fetch('/api/account/avatar', { method: 'POST', body: file, headers: { 'content-type': file.type }, credentials: 'same-origin' });
  const body = (await response.json()) as { response?: { avatar: string }; error?: { error_code: number | string; error_msg: string } };
  if (body.error) throw new Error(body.error.error_msg);
  if (!body.response) throw new Error('The upload failed; try again.');
  return body.response;
}

/** The avatar upload (jpg, png or gif; needs a one-off avatar card, which the server checks). */
export function AvatarSettings({ user }: { user: { hash: string; display_name: string; info: { avatar: string | null } } }) {
  const input = useRef<HTMLInputElement>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const refreshAccount = useRefreshAccount();
  const queryClient = useQueryClient();
  // What the form needs before a file is chosen: whether a one-off avatar card allows an upload, and the limits.
  const terms = useQuery({ queryKey: avatarTermsKey, queryFn: ({ signal }) => rpc.call('account.preloadAvatar', {}, { signal }) });
  const refresh = () => {
    refreshAccount();
    void queryClient.invalidateQueries({ queryKey: avatarTermsKey });
  };
  const upload = useMutation({ mutationFn: uploadAvatar, onSuccess: refresh });
  const types = terms.data?.types ?? AVATAR_TYPES;
  const denied = terms.data !== undefined && !terms.data.allowed;
  const take = (file: File | undefined) => {
    if (!file) return;
    if (!types.includes(file.type)) {
      setTypeError('Choose a JPG, PNG or GIF image');
      return;
    }
    setTypeError(null);
    upload.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  const clear = useMutation({
    mutationFn: () => rpc.call('account.clearInfo', { value: 'avatar' }),
    onSuccess: () => {
      upload.reset();
      refresh();
    },
  });
  const shown = upload.data?.avatar ?? user.info.avatar;
  return (
    <Panel title="Avatar">
      <div className="profile-avatar-upload" data-dragging={dragging || undefined} onDragOver={(e) => (e.preventDefault(), setDragging(true))} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <Avatar name={user.display_name} userHash={user.hash} src={shown} size={72} />
        <div>
          <p className="profile-note">
            A JPG, PNG or GIF up to {terms.data ? Math.floor(terms.data.max_bytes / 1024 / 1024) : 2} MB and {terms.data?.max_side ?? 2048} × {terms.data?.max_side ?? 2048} pixels; drop it here or choose
            it. Uploading uses a one-off avatar card.
          </p>
          {denied && (
            <p className="profile-access-denied" role="status">
              <strong>Access denied.</strong> {terms.data?.message}
            </p>
          )}
          {terms.data?.allowed && (
            <p className="profile-note" role="status">
              {terms.data.rights === 1 ? 'You can upload one avatar.' : `You can upload ${terms.data.rights} avatars.`}
            </p>
          )}
          <input ref={input} type="file" accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif" hidden aria-label="Avatar image" onChange={(e) => take(e.target.files?.[0])} />
          <div className="profile-avatar-actions">
            <Button variant="primary" disabled={upload.isPending || denied} onClick={() => input.current?.click()}>
              {upload.isPending ? 'Uploading…' : 'Upload avatar'}
            </Button>
            {shown && (
              <Button disabled={clear.isPending} onClick={() => clear.mutate()}>
                Use the default avatar
              </Button>
            )}
          </div>
          <p className="form-error" role="alert">
            {typeError ?? (upload.error ? upload.error.message : '')}
          </p>
          {upload.isSuccess && <p role="status">Your avatar is updated.</p>}
        </div>
      </div>
    </Panel>
  );
}
