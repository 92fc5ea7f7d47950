/**
 * The rain in the chat (document 2): the pot growing live, the banner of a running rain with
 * its join (a proof-of-work captcha solved here, offline), the participants list and hash
 * once joining closes, and the rewards modal with the draw recomputed in the browser.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Rooms, type ChatUser, type MethodResult, type Rain } from '../../contract/index.ts';
import { cleanAmountInput, formatCoins } from '../../core/money.ts';
import { SITE_NAME_IN_STEAM } from '../../core/steam-profile.ts';
import { participantsHash, RAIN_LAST_HOUR_MIN_WAGER, rainShares } from '../../core/rain.ts';
import { rpc, RpcError, socket } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useNow } from '../../ui/use-now.ts';
import { pushNotice } from '../notifications/index.ts';
import { keepCaptchaSolved } from './captcha-token.ts';

const rainKey = ['chat', 'rain'] as const;
type RainState = MethodResult<'chat-rain.get'>;
const rewardsKey = (hash: string | null) => ['chat', 'rain-rewards', hash] as const;

/**
 * Solves a rain or steal captcha (a proof of work bound to the player) in slices, so the page
 * stays responsive; answers the token once found, and null again while a reset one (after
 * 295 s) is solved afresh (captcha-token.ts).
 */
export function useCaptchaToken(captcha: { challenge: string; difficulty: number }, playerHash: string): string | null {
  const [token, setToken] = useState<string | null>(null);
  const { challenge, difficulty } = captcha;
  useEffect(() => keepCaptchaSolved({ challenge, difficulty }, playerHash, setToken), [challenge, difficulty, playerHash]);
  return token;
}

function useRain() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: rainKey, queryFn: ({ signal }) => rpc.call('chat-rain.get', { batch: 'CORE_CHAT_RAIN' }, { signal }) });
  const [finished, setFinished] = useState<string | null>(null);
  useEffect(() => {
    const leave = socket.subscribe(Rooms.chat);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: rainKey });
    const offs = [
      socket.on('CHAT_RAIN_ACTIVE', refresh),
      socket.on('CHAT_RAIN_SHARE', refresh),
      socket.on('CHAT_RAIN_FINISHED', ({ rain }) => {
        refresh();
        if (rain.rewards.length > 0) setFinished(rain.hash);
      }),
      socket.on('CHAT_RAIN_POT', ({ pot }) => queryClient.setQueryData<RainState>(rainKey, (old) => (old ? { ...old, pot } : old))),
      socket.on('CHAT_RAIN_PARTICIPANTS', ({ rain_hash, participants }) =>
        queryClient.setQueryData<RainState>(rainKey, (old) => (old?.rain?.hash === rain_hash ? { ...old, rain: { ...old.rain, participants } } : old)),
      ),
    ];
    return () => {
      for (const off of offs) off();
      leave();
    };
  }, [queryClient]);
  return { query, finished, setFinished };
}

/** Seconds to a moment, ticking. */
export function useSecondsTo(at: number): number {
  const now = useNow();
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Solves the rain's captcha in slices, then joins. */
function JoinModal({ rain, me, onClose }: { rain: Rain; me: ChatUser; onClose(): void }) {
  const queryClient = useQueryClient();
  const token = useCaptchaToken(rain.captcha, me.hash);
  const join = useMutation({
    mutationFn: (t: string) => rpc.call('chat-rain.join', { rain_hash: rain.hash, token: t }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rainKey });
      onClose();
    },
    // Document 2 section 8: a failed rain join only stops the loading state; the reason helps the player.
    onError: (error) => pushNotice({ type: 'error', title: 'Rain', message: error instanceof RpcError ? error.message : String(error) }),
  });
  return (
    <Modal title="Join the rain" width={459} onClose={onClose}>
      <p className="muted">
        {token === null ? 'Checking you are human (this runs on your device)…' : 'Check passed.'} Requirements:{' '}
        {rain.conditions.last_hour ? `a wager of ${formatCoins(RAIN_LAST_HOUR_MIN_WAGER)}+ coins in the last hour. ` : ''}
        {rain.conditions.min_level !== undefined ? `level ${rain.conditions.min_level}+. ` : ''}
        {rain.conditions.steam_put_name ? `${SITE_NAME_IN_STEAM} in your Steam name. ` : ''}
        {rain.conditions.steam_min_level !== undefined ? `Steam level ${rain.conditions.steam_min_level}+. ` : ''}
        {rain.conditions.steam_public_profile ? 'a public Steam profile and inventory. ' : ''}
        {rain.conditions.min_wagered !== undefined ? `${formatCoins(rain.conditions.min_wagered)} coins wagered in 7 days. ` : ''}
      </p>
      <div className="modal-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={token === null || join.isPending} onClick={() => token && join.mutate(token)}>
          {token === null ? 'Solving…' : 'Join'}
        </Button>
      </div>
    </Modal>
  );
}

/** Tip the rain (the header's tip-rain action). */
export function RainTipModal({ onClose }: { onClose(): void }) {
  const [amount, setAmount] = useState('');
  const cents = Math.round(Number(amount || '0') * 100);
  const queryClient = useQueryClient();
  const tip = useMutation({
    mutationFn: () => rpc.call('chat-rain.tip', { amount: cents, stamp: crypto.randomUUID() }),
    onSuccess: ({ pot }) => {
      queryClient.setQueryData<RainState>(rainKey, (old) => (old ? { ...old, pot } : old));
      onClose();
    },
    onError: (error) => pushNotice({ type: 'error', title: 'Rain tip', message: error instanceof Error ? error.message : String(error) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cents > 0 && !tip.isPending) tip.mutate();
  };
  return (
    <Modal title="Tip the rain" width={459} onClose={onClose}>
      <form className="chat-form" onSubmit={submit}>
        <label className="field-label" htmlFor="rain-tip">
          Amount (coins)
        </label>
        <input id="rain-tip" data-autofocus className="field-input" inputMode="decimal" placeholder="0.00" value={amount} onChange={(e) => setAmount(cleanAmountInput(e.target.value, { decimals: 2, maxIntegerDigits: 7 }))} />
        <div className="modal-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={cents <= 0 || tip.isPending}>
            Add to the pot
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The rewards modal (565): top 3, "and N other players", and the draw recomputed here. */
function RewardsModal({ hash, onClose }: { hash: string; onClose(): void }) {
  const query = useQuery({ queryKey: rewardsKey(hash), queryFn: ({ signal }) => rpc.call('chat-rain.getRewards', { rain_hash: hash }, { signal }) });
  const rain = query.data?.rain;
  const users = query.data?.users ?? {};
  const sorted = [...(rain?.rewards ?? [])].sort((a, b) => b.reward - a.reward);
  const [check, setCheck] = useState<string | null>(null);
  const recompute = () => {
    if (!rain?.participants_list || !rain.beacon) return;
    const hashOk = participantsHash(rain.participants_list) === rain.participants_hash;
    const mine = rainShares(rain.amount, rain.participants_list, rain.beacon.id);
    const same = rain.rewards.length === mine.size && rain.rewards.every((r) => mine.get(r.user_hash) === r.reward);
    setCheck(hashOk && same ? 'Recomputed here: the list matches its hash and every reward matches.' : 'Mismatch: this record does not recompute.');
  };
  return (
    <Modal title="Rain rewards" width={565} onClose={onClose}>
      {!rain ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="rain-rewards">
          <p>
            <strong className="chat-amount">{formatCoins(rain.amount)}</strong> coins rained on {rain.participants} players.
          </p>
          <ol>
            {sorted.slice(0, 3).map((r) => (
              <li key={r.user_hash}>
                {users[r.user_hash]?.display_name ?? r.user_hash} — <span className="chat-amount">{formatCoins(r.reward)}</span>
              </li>
            ))}
          </ol>
          {sorted.length > 3 && <p className="muted">and {sorted.length - 3} other players</p>}
          <details className="rain-verify">
            <summary>How to recompute this draw</summary>
            <p>
              Participants (sorted by id), committed when joining closed: SHA-256 of the list joined by commas is <code>{rain.participants_hash}</code>.
            </p>
            <p>
              Beacon block #{rain.beacon?.number}: <code>{rain.beacon?.id}</code> (the first block after the close).
            </p>
            <p>
              The pot is cut into min(100, pot) shares, the last taking the remainder; share s (from 0) goes to participant number
              ticket(beacon, participants hash, s, n), where ticket = (first 7 hex of HMAC-SHA256(beacon, hash + &quot;-&quot; + s) mod n) + 1.
            </p>
            <Button size="sm" onClick={recompute}>
              Recompute here
            </Button>
            {check && <p role="status">{check}</p>}
          </details>
          <p>
            <PathLink to={`/provably-fair/rain/${rain.hash}`}>Open this rain's public record</PathLink> (a page anyone can open later).
          </p>
        </div>
      )}
    </Modal>
  );
}

/** The rain strip above the chat list. */
export function RainBlock({ me }: { me: ChatUser | null }) {
  const { query, finished, setFinished } = useRain();
  const [dialog, setDialog] = useState<'join' | 'tip' | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const data = query.data;
  const rain = data?.rain ?? null;
  const secondsLeft = useSecondsTo(rain?.states.end_in ?? data?.next_at ?? 0);
  if (!data) return null;
  return (
    <>
      {rain && rain.hash !== closed ? (
        <div className="rain-block" role="region" aria-label="Rain">
          <div className="rain-line">
            <span className="rain-title">Rain</span>
            <span>
              <span className="chat-amount">{formatCoins(rain.amount)}</span> coins
            </span>
            <span className="muted">{rain.participants} joined</span>
            {rain.status === 'active' ? <span className="muted">{clock(secondsLeft)}</span> : <span className="muted">Drawing…</span>}
            <button type="button" className="chat-action" aria-label="Hide the rain" onClick={() => setClosed(rain.hash)}>
              ✕
            </button>
          </div>
          {rain.status === 'active' &&
            (data.joined ? (
              <p className="rain-joined">You are a participant</p>
            ) : me ? (
              <Button size="sm" variant="primary" onClick={() => setDialog('join')}>
                Join the rain
              </Button>
            ) : null)}
          {rain.participants_hash && <p className="rain-hash">List hash {rain.participants_hash.slice(0, 16)}…</p>}
        </div>
      ) : (
        <div className="rain-block rain-block-idle" role="region" aria-label="Rain">
          <span>
            Rain pot <strong className="chat-amount">{formatCoins(data.pot)}</strong>
            {data.next_at > 0 && <span className="muted"> · next in {clock(secondsLeft)}</span>}
          </span>
          {me && (
            <Button size="sm" onClick={() => setDialog('tip')}>
              Tip rain
            </Button>
          )}
        </div>
      )}
      {dialog === 'join' && rain && me && <JoinModal rain={rain} me={me} onClose={() => setDialog(null)} />}
      {dialog === 'tip' && <RainTipModal onClose={() => setDialog(null)} />}
      {finished && <RewardsModal hash={finished} onClose={() => setFinished(null)} />}
    </>
  );
}
