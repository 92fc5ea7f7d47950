/** The chat's dialogs (document 2 section 2): rules, tip, mute, ban and blocked users. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ChatUser, PublicUser, z } from '../../contract/index.ts';
import { MUTE_DAYS, NEED_WAGER_RULE, NEED_WAGER_SCOPE } from '../../core/chat.ts';
import { cleanAmountInput } from '../../core/money.ts';
import { rpc, RpcError } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { pushNotice } from '../notifications/index.ts';
import { chatKeys, useMutes } from './chat-live.ts';

/** Document 2 section 2: ten rules. */
const RULES = [
  'English only.',
  'No links.',
  'No spam or flooding.',
  'No excessive caps.',
  'No begging for coins, items or tips.',
  'No promoting affiliate links or codes.',
  'No advertising competitor sites.',
  'No harassment, hate or threats.',
  'No impersonating staff or other players.',
  'No sharing personal information, yours or anyone else’s.',
];

const failed = (title: string) => (error: unknown) => {
  // A cancelled 2FA prompt (NOT_SHOW) and SECURE_REQUIRED have their own screens (document 2 section 8).
  if (error instanceof RpcError && (error.code === 'NOT_SHOW' || error.code === 'SECURE_REQUIRED')) return;
  pushNotice({ type: 'error', title, message: error instanceof Error ? error.message : String(error) });
};

export function RulesModal({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Chat rules" width={651} onClose={onClose}>
      <ol className="chat-rules">
        {RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <p className="chat-rules-note">Breaking the rules may bring a warning, a temporary suspension or a permanent ban.</p>
    </Modal>
  );
}

/** Tip dialog (459): amount in coins sent as hundredths, anonymous, and "Need to wager" for scope 4+. */
export function TipModal({ user, myScope, onClose }: { user: Pick<z.output<typeof PublicUser>, 'hash' | 'display_name'>; myScope: number; onClose(): void }) {
  const [amount, setAmount] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [needWager, setNeedWager] = useState(true);
  const cents = Math.round(Number(amount || '0') * 100);
  const send = useMutation({
    mutationFn: () =>
      rpc.call('chat-tip.send', {
        user_hash: user.hash,
        amount: cents,
        anonymous: anonymous ? 1 : 0,
        ...(myScope >= NEED_WAGER_SCOPE ? { need_wager: needWager ? 1 : 0 } : {}),
        stamp: crypto.randomUUID(),
      }),
    // The tip shows in the chat and the balance change has its own toast.
    onSuccess: onClose,
    onError: failed('Tip'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cents > 0 && !send.isPending) send.mutate();
  };
  return (
    <Modal title={`Tip ${user.display_name}`} width={459} onClose={onClose}>
      <form className="chat-form" onSubmit={submit}>
        <label className="field-label" htmlFor="tip-amount">
          Amount (coins)
        </label>
        <input
          id="tip-amount"
          data-autofocus
          className="field-input"
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={(event) => setAmount(cleanAmountInput(event.target.value, { decimals: 2, maxIntegerDigits: 7 }))}
        />
        <label className="chat-check">
          <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} /> Send anonymously
        </label>
        {myScope >= NEED_WAGER_SCOPE && (
          <label className="chat-check">
            <input type="checkbox" checked={needWager} onChange={(event) => setNeedWager(event.target.checked)} /> Need to wager
          </label>
        )}
        {myScope >= NEED_WAGER_SCOPE && needWager && (
          <p className="chat-rules-note" data-testid="need-wager-rule">
            {NEED_WAGER_RULE}
          </p>
        )}
        <div className="modal-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={cents <= 0 || send.isPending}>
            {send.isPending ? 'Sending…' : 'Send tip'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const MUTE_LABELS: Record<(typeof MUTE_DAYS)[number], string> = { 1: '24 hours', 7: '7 days', 30: '30 days' };

/** Mute dialog: 24 hours, 7 days or 30 days; a time must be chosen. */
export function MuteModal({ user, onClose }: { user: ChatUser; onClose(): void }) {
  const [days, setDays] = useState<(typeof MUTE_DAYS)[number] | null>(null);
  const queryClient = useQueryClient();
  const mute = useMutation({
    mutationFn: (d: number) => rpc.call('chat-mute.mute', { user_hash: user.hash, expire: Math.floor(Date.now() / 1000) + d * 86_400 }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: chatKeys.muted });
      onClose();
    },
    onError: failed('Mute'),
  });
  return (
    <Modal title={`Mute ${user.display_name}`} width={459} onClose={onClose}>
      <p className="muted">You will not see their messages for:</p>
      <div className="chat-choice" role="radiogroup" aria-label="Mute for">
        {MUTE_DAYS.map((d) => (
          <button key={d} type="button" role="radio" aria-checked={days === d} className={days === d ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'} onClick={() => setDays(d)}>
            {MUTE_LABELS[d]}
          </button>
        ))}
      </div>
      <div className="modal-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" disabled={days === null || mute.isPending} onClick={() => days !== null && mute.mutate(days)}>
          Mute
        </Button>
      </div>
    </Modal>
  );
}

/** Ban units and their maxima (document 2 section 5). */
const BAN_UNITS = { minutes: { seconds: 60, max: 60 }, hours: { seconds: 3600, max: 24 }, days: { seconds: 86_400, max: 365 } } as const;
type BanUnit = keyof typeof BAN_UNITS;

/** Ban dialog (626): a whole number from 1 to the unit's maximum; a smaller unit clamps the value. */
export function BanModal({ user, onClose }: { user: ChatUser; onClose(): void }) {
  const [value, setValue] = useState(1);
  const [unit, setUnit] = useState<BanUnit>('minutes');
  const ban = useMutation({
    mutationFn: () => rpc.call('chat.ban', { user_hash: user.hash, duration: value * BAN_UNITS[unit].seconds, ban: 1 }),
    onSuccess: onClose,
    onError: failed('Ban'),
  });
  const clamp = (n: number, u: BanUnit) => Math.min(BAN_UNITS[u].max, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));
  return (
    <Modal title={`Ban ${user.display_name} from chat`} width={626} onClose={onClose}>
      <div className="chat-ban-row">
        <input
          aria-label="Ban length"
          className="field-input"
          type="number"
          min={1}
          max={BAN_UNITS[unit].max}
          value={value}
          onChange={(event) => setValue(clamp(Number(event.target.value), unit))}
        />
        <select
          aria-label="Unit"
          className="field-input"
          value={unit}
          onChange={(event) => {
            const next = event.target.value as BanUnit;
            setUnit(next);
            setValue((v) => clamp(v, next));
          }}
        >
          {Object.keys(BAN_UNITS).map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      <div className="modal-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" disabled={ban.isPending} onClick={() => ban.mutate()}>
          Ban
        </Button>
      </div>
    </Modal>
  );
}

/** Time left of a mute: orange under a day, red from a day (document 2 section 4). */
function expiresIn(expire: number, nowS: number): { text: string; tone: 'orange' | 'red' } {
  const seconds = Math.max(0, expire - nowS);
  const days = Math.floor(seconds / 86_400);
  if (days >= 1) return { text: `${days} d ${Math.floor((seconds % 86_400) / 3600)} h`, tone: 'red' };
  return { text: `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`, tone: 'orange' };
}

/** Blocked users (540): the muted players, when each mute ends, and an unmute button. */
export function BlockedUsersModal({ onClose }: { onClose(): void }) {
  const mutes = useMutes();
  const queryClient = useQueryClient();
  const unmute = useMutation({
    mutationFn: (hash: string) => rpc.call('chat-mute.unmute', { user_hash: hash }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.muted }),
    onError: failed('Unmute'),
  });
  const [nowS] = useState(() => Math.floor(Date.now() / 1000));
  const rows = Object.entries(mutes.data?.muted ?? {}).filter(([, expire]) => expire > nowS);
  return (
    <Modal title="Blocked users" width={540} onClose={onClose}>
      {rows.length === 0 ? (
        <p className="muted">No users blocked</p>
      ) : (
        <table className="chat-blocked">
          <thead>
            <tr>
              <th>Users</th>
              <th>Expired In</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([hash, expire]) => {
              const user = mutes.data?.users[hash];
              const left = expiresIn(expire, nowS);
              return (
                <tr key={hash}>
                  <td>{user ? <PathLink to={`/@${user.name}`}>{user.display_name}</PathLink> : hash}</td>
                  <td className={`chat-expire chat-expire-${left.tone}`}>{left.text}</td>
                  <td>
                    <Button size="sm" disabled={unmute.isPending} onClick={() => unmute.mutate(hash)}>
                      Unmute
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
