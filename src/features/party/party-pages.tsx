/**
 * /event/stream-party: the stream party modal (document 3 section 2, width 944): the streamer
 * panel, the tier slider with the progress bar and its goals, the roulette and the winner
 * banner, joining with the invite code, the host's dress code and disband, the participants
 * table and each tier's fairness panel.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { PARTY_FUEL_OPTIONS, PARTY_PERIOD_DAYS, PARTY_WAGER_OPTIONS, REFERRAL_RANKS, type StreamParty } from '../../contract/index.ts';
import { formatCoins, partyDuration, tierTimerTone } from '../../core/index.ts';
import { RpcError, rpc } from '../../net/index.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import { reportApiError } from '../notifications/index.ts';
import { sessionModal, shownPrompt, useAccount, useLogged } from '../session/index.ts';
import { lastRoll, lobbyQueryOptions, partyKeys, partyQueryOptions, tierQueryOptions, usePartyLive } from './queries.ts';
import { PartyRoulette, rollOf } from './party-roulette.tsx';
import './party.css';

type Tier = StreamParty['tiers'][number];
const INACTIVE_MESSAGE = 'The party progress has been paused; the streamer is not on the site and the party may be closed automatically.';

function useReport() {
  const navigate = useNavigate();
  return (error: unknown) => reportApiError(error, (to) => void navigate({ to }));
}

function Requirement({ party, tier }: { party: StreamParty; tier: Tier }) {
  if (party.modes.race_mode) return <>Race place {tier.required_race} or better</>;
  if (party.modes.rank_mode) return <>Rank {REFERRAL_RANKS[tier.required_rank - 1]} or better</>;
  return <>{tier.required_level > 0 ? `Level ${tier.required_level}+` : 'Everyone'}</>;
}

function TierTimer({ leftMs }: { leftMs: number }) {
  const s = Math.max(0, Math.ceil(leftMs / 1000));
  return <span className={`party-timer ${tierTimerTone(leftMs)}`}>{`${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`}</span>;
}

function TierCard({ party, tier, next, selected, onSelect }: { party: StreamParty; tier: Tier; next: boolean; selected: boolean; onSelect(): void }) {
  const winner = party.users.find((u) => u.hash === tier.winner_hash);
  let state: ReactNode;
  if (tier.completed) state = winner ? <span className="party-tier-won">Won by {winner.display_name}</span> : <span className="party-tier-dying">No one qualified</span>;
  else if (next && party.status === 'inactive') state = <span className="party-tier-paused">PAUSED</span>;
  else if (next) state = <TierTimer leftMs={tier.time_at - party.progress.air_time} />;
  else state = <span className="party-tier-locked">After tier {tier.number - 1}</span>;
  return (
    <button type="button" className={`party-tier${selected ? ' selected' : ''}${tier.completed ? ' completed' : ''}`} aria-pressed={selected} onClick={onSelect}>
      <span className="party-tier-number">Tier {tier.number}</span>
      {tier.item_image ? (
        <img className="party-tier-image" src={tier.item_image} alt="" width={96} height={72} />
      ) : (
        <span className={`party-tier-image party-tier-prize ${tier.prize?.type ?? ''} rarity-${tier.prize?.rarity ?? 'low'}`} aria-hidden="true">
          {tier.prize?.type === 'booster' ? '+%' : tier.prize?.type === 'card' ? '¢' : ''}
        </span>
      )}
      <span className="party-tier-name">{tier.item_name}</span>
      <span className="party-tier-price">{formatCoins(tier.item_price)}</span>
      <span className="party-tier-rule">
        <Requirement party={party} tier={tier} />
      </span>
      {state}
    </button>
  );
}

function ProgressBar({ party }: { party: StreamParty }) {
  const { air_time, bar_time } = party.progress;
  const percent = Math.min(100, (air_time / bar_time) * 100);
  return (
    <div className="party-progress">
      <div className="party-progress-track" role="progressbar" aria-label="Party progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
        <div className="party-progress-fill" style={{ width: `${percent}%` }} />
        {party.goals.map((g) => (
          <span key={g.name} className={`party-goal${g.completed ? ' completed' : ''}`} style={{ left: `${(g.time_at / bar_time) * 100}%` }}>
            {g.name}
          </span>
        ))}
      </div>
      <span className="party-progress-time">On air {partyDuration(air_time)} of {partyDuration(bar_time)}</span>
    </div>
  );
}

/**
 * The deposit-bonus goals (docs/decisions/0036): participants' deposits during the party,
 * the goals evenly spaced on the bar (the fill runs piecewise between them), and what the
 * next goal gives every participant.
 */
function DepositGoals({ party }: { party: StreamParty }) {
  const goals = party.deposit_goals;
  if (goals.length === 0) return null;
  const deposited = party.progress.deposited;
  let percent = 0;
  goals.forEach((g, i) => {
    const from = i === 0 ? 0 : goals[i - 1]!.amount;
    percent += (Math.max(0, Math.min(deposited, g.amount) - from) / (g.amount - from)) * (100 / goals.length);
  });
  const next = goals.find((g) => !g.completed);
  return (
    <div className="party-progress party-deposit-goals">
      <div className="party-progress-track" role="progressbar" aria-label="Deposit goals" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)}>
        <div className="party-progress-fill deposit" style={{ width: `${percent}%` }} />
        {goals.map((g, i) => (
          <span key={g.number} className={`party-goal${g.completed ? ' completed' : ''}`} style={{ left: `${((i + 1) / goals.length) * 100}%` }} title={`${formatCoins(g.amount)} deposited`}>
            +{g.percent}%
          </span>
        ))}
      </div>
      <span className="party-progress-time">
        Participants deposited {formatCoins(deposited)}
        {next
          ? ` of ${formatCoins(next.amount)}: then everyone in the party gets a +${next.percent}% Deposit Bonus (up to ${formatCoins(next.bonus_max)})`
          : ': every deposit goal is reached'}
      </span>
    </div>
  );
}

function FairnessPanel({ party, number }: { party: StreamParty; number: number }) {
  const tier = useQuery(tierQueryOptions(party.id, number));
  if (!tier.data) return <p className="party-muted">Loading tier {number}…</p>;
  const t = tier.data;
  return (
    <section className="party-fair" aria-label={`Tier ${number} fairness`}>
      <h3>Tier {number} fairness</h3>
      <dl>
        <dt>Server seed hash</dt>
        <dd className="mono">{t.server_seed_hashed}</dd>
        <dt>Server seed</dt>
        <dd className="mono">{t.server_seed ?? 'Shown once the tier is drawn'}</dd>
        <dt>Ticket</dt>
        <dd className="mono">{t.ticket ?? '—'}</dd>
        <dt>Timer</dt>
        <dd className={t.dying ? 'party-tier-dying' : ''}>{t.completed ? (t.dying ? 'Completed without a winner' : 'Drawn') : <TierTimer leftMs={t.timer} />}</dd>
        <dt>Participants</dt>
        <dd>
          {t.participants ? `${t.participants.length} published` : `${t.users.length} so far`}
          {t.participants_hash && <span className="mono party-hash"> · SHA-256 {t.participants_hash}</span>}
        </dd>
      </dl>
      <p className="party-muted party-small">Ticket = first 7 hex of the server seed, mod participants, + 1: the winner is that place of the published list.</p>
    </section>
  );
}

function Participants({ party, number, next }: { party: StreamParty; number: number; next: number }) {
  const tier = useQuery(tierQueryOptions(party.id, number));
  const shown = number <= next || party.tiers.find((t) => t.number === number)?.completed;
  const winners = new Set(party.tiers.map((t) => t.winner_hash));
  const users = tier.data?.users ?? [];
  const extra = party.modes.race_mode ? 'Race' : party.modes.rank_mode ? 'Rank' : null;
  return (
    <table className="party-table">
      <caption>Tier {number} members</caption>
      <thead>
        <tr>
          <th>#</th>
          <th>Player</th>
          <th>Level</th>
          {extra && <th>{extra}</th>}
        </tr>
      </thead>
      <tbody>
        {!shown && (
          <tr>
            <td colSpan={extra ? 4 : 3} className="party-muted">
              Members are shown once this tier is next.
            </td>
          </tr>
        )}
        {shown && users.length === 0 && (
          <tr>
            <td colSpan={extra ? 4 : 3} className="party-muted">
              Nobody qualifies for this tier yet.
            </td>
          </tr>
        )}
        {(shown ? users : []).map((u, i) => (
          <tr key={u.hash}>
            <td>{i + 1}</td>
            <td>
              <span className="party-user">
                <Avatar name={u.display_name} userHash={u.hash} src={u.info.avatar} size={24} />
                <span>{u.display_name}</span>
                {winners.has(u.hash) && (
                  <span className="party-winner-icon" aria-label="winner" title="Winner">
                    ★
                  </span>
                )}
              </span>
            </td>
            <td>{u.stats.level}</td>
            {extra && <td>{party.modes.race_mode ? (u.stats.race ?? '—') : u.stats.rank ? REFERRAL_RANKS[u.stats.rank - 1] : '—'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function JoinPanel({ party }: { party: StreamParty }) {
  const queryClient = useQueryClient();
  const report = useReport();
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  const join = useMutation({
    mutationFn: (invite: string) => rpc.call('event-party.join', { id: party.id, invite_code: invite }),
    onSuccess: () => {
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: partyKeys.all });
    },
    onError: report,
  });
  const p = party.participation;
  if (!p) return null;
  if (p.joined) return <span className="party-joined">JOINED</span>;
  if (!party.official && !p.referral) return <p className="party-note">You must be a referral of the streamer to be able to join the Party.</p>;
  const short = !party.official && p.progress.wagered < party.conditions.min_wagered;
  return (
    <div className="party-join">
      {!party.official && party.conditions.min_wagered > 0 && (
        <div className="party-condition">
          <span>
            Wagered under {party.host.display_name}’s code: {formatCoins(Math.min(p.progress.wagered, party.conditions.min_wagered))} / {formatCoins(party.conditions.min_wagered)} within{' '}
            {Math.round(party.conditions.min_period / 86_400)} days
          </span>
          <div className="party-progress-track small">
            <div className="party-progress-fill" style={{ width: `${Math.min(100, (p.progress.wagered / party.conditions.min_wagered) * 100)}%` }} />
          </div>
        </div>
      )}
      <Button variant="primary" disabled={short || join.isPending} onClick={() => (party.official ? join.mutate('skinfans') : setAsking(true))}>
        Join party
      </Button>
      {asking && (
        <Modal title="Enter invite code" width={601} onClose={() => setAsking(false)}>
          <form
            className="party-form"
            onSubmit={(e) => {
              e.preventDefault();
              join.mutate(code.trim());
            }}
          >
            <label htmlFor="party-code">The streamer’s dress code</label>
            <input id="party-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={64} autoComplete="off" data-autofocus />
            <Button type="submit" variant="primary" disabled={code.trim() === '' || join.isPending}>
              Join
            </Button>
          </form>
        </Modal>
      )}
    </div>
  );
}

function HostTools({ party }: { party: StreamParty }) {
  const queryClient = useQueryClient();
  const report = useReport();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'dress' | 'disband' | null>(null);
  const c = party.conditions;
  const [form, setForm] = useState({ min_wagered: c.min_wagered || 500, min_period: Math.round(c.min_period / 86_400) || 5, min_level: c.min_level, invite_code: c.invite_code ?? '' });
  const done = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: partyKeys.all });
  };
  const update = useMutation({ mutationFn: () => rpc.call('event-party.update-settings', { id: party.id, ...form }), onSuccess: done, onError: report });
  const disband = useMutation({
    mutationFn: () => rpc.call('event-party.disband', { id: party.id }),
    onSuccess: () => {
      done();
      void navigate({ to: '/' });
    },
    onError: report,
  });
  return (
    <div className="party-host-tools">
      <Button size="sm" onClick={() => setOpen('dress')}>
        Change dress code
      </Button>
      {party.participants > 0 && (
        <Button size="sm" variant="danger" onClick={() => setOpen('disband')}>
          Disband party
        </Button>
      )}
      {open === 'dress' && (
        <Modal title="Change dress code" width={601} onClose={() => setOpen(null)}>
          <form
            className="party-form"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate();
            }}
          >
            <label htmlFor="party-dress">Dress code (invite code)</label>
            <input id="party-dress" value={form.invite_code} maxLength={64} onChange={(e) => setForm({ ...form, invite_code: e.target.value })} data-autofocus />
            <label htmlFor="party-wager">Wager at least</label>
            <select id="party-wager" value={form.min_wagered} onChange={(e) => setForm({ ...form, min_wagered: Number(e.target.value) })}>
              {PARTY_WAGER_OPTIONS.map((w) => (
                <option key={w} value={w}>
                  {formatCoins(w)}
                </option>
              ))}
            </select>
            <label htmlFor="party-period">Within</label>
            <select id="party-period" value={form.min_period} onChange={(e) => setForm({ ...form, min_period: Number(e.target.value) })}>
              {PARTY_PERIOD_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d} {d === 1 ? 'day' : 'days'}
                </option>
              ))}
            </select>
            <label htmlFor="party-level">Minimum level (0-140)</label>
            <input id="party-level" type="number" min={0} max={140} value={form.min_level} onChange={(e) => setForm({ ...form, min_level: Math.trunc(Number(e.target.value)) })} />
            <Button type="submit" variant="primary" disabled={form.invite_code.trim() === '' || update.isPending}>
              Save
            </Button>
          </form>
        </Modal>
      )}
      {open === 'disband' && (
        <Modal title="Disband party" width={567} onClose={() => setOpen(null)}>
          <p>The party closes for its {party.participants} participants; the fuel of the tiers not drawn comes back to you.</p>
          <Button variant="danger" disabled={disband.isPending} onClick={() => disband.mutate()}>
            Disband
          </Button>
        </Modal>
      )}
    </div>
  );
}

/** The party info sub-modal (905): how this party runs. */
function PartyInfo({ party, onClose }: { party: StreamParty; onClose(): void }) {
  const c = party.conditions;
  const rule = party.modes.race_mode ? 'their place in today’s race' : party.modes.rank_mode ? 'their referral rank' : 'their level';
  return (
    <Modal title="Party info" width={905} onClose={onClose}>
      <ul className="party-info">
        <li>While {party.host.display_name} is on air, the party counts air time; each tier is drawn when the bar reaches it, in order.</li>
        <li>When the streamer leaves, the party pauses and keeps its progress; after an hour away it may be closed.</li>
        <li>Each tier is won by one member chosen by {rule}: ten seconds before the draw the list of members is published with its SHA-256.</li>
        <li>The ticket is the first 7 hex characters of the tier’s server seed, modulo the number of members, plus 1; the seed’s hash is shown from the start and the seed after the draw.</li>
        <li>The prize goes straight to the winner’s inventory.</li>
        <li>
          Deposits members make while in the party count towards its deposit goals ({party.deposit_goals.map((g) => formatCoins(g.amount)).join(', ')}): when a goal is reached,
          everyone in the party at that moment gets a Deposit Bonus booster for their next deposits, once per goal.
        </li>
        {party.official ? (
          <li>This is an official party: every signed-in player may join.</li>
        ) : (
          <li>
            Only the streamer’s referrals join, with the streamer’s dress code
            {c.min_wagered > 0 ? `, after wagering ${formatCoins(c.min_wagered)} under their code within ${Math.round(c.min_period / 86_400)} days` : ''}
            {c.min_level > 0 ? `, from level ${c.min_level}` : ''}.
          </li>
        )}
      </ul>
    </Modal>
  );
}

function PartyView({ party }: { party: StreamParty }) {
  const [info, setInfo] = useState(false);
  // A drawn tier's roulette replaces the progress bar until its winner banner has been seen.
  const roll = lastRoll.use();
  const [shown, setShown] = useState<string | null>(null);
  const rolling = rollOf(roll, party) && shown !== `${roll.id}:${roll.number}` ? roll : null;
  const account = useAccount();
  const nextNumber = party.tiers.find((t) => !t.completed)?.number ?? party.tiers.length;
  // A tier the player picked stays selected until the next tier changes (the slider then moves on).
  const [picked, setPicked] = useState<{ next: number; number: number } | null>(null);
  const selected = picked && picked.next === nextNumber ? picked.number : nextNumber;
  const setSelected = (number: number) => setPicked({ next: nextNumber, number });
  const isHost = account.data?.user.hash === party.host.hash;
  const live = party.status === 'active' && party.stream.profile;
  return (
    <div className="party" style={party.style.background ? { ['--party-bg' as string]: party.style.background } : undefined}>
      <section className="party-streamer">
        <Avatar name={party.host.display_name} userHash={party.host.hash} src={party.host.info.avatar} size={48} />
        <div className="party-streamer-text">
          <strong>{party.host.display_name}</strong>
          <span className="party-muted">
            {party.official ? 'Official party · open to everyone' : 'Party for the streamer’s referrals'} · {party.participants} joined
          </span>
        </div>
        <Button size="sm" onClick={() => setInfo(true)}>
          Party info
        </Button>
        {live ? (
          <a className="party-watch" href={party.stream.profile!.link} target="_blank" rel="noopener">
            WATCH
          </a>
        ) : (
          <span className="party-inactive-button">INACTIVE</span>
        )}
      </section>
      {info && <PartyInfo party={party} onClose={() => setInfo(false)} />}
      {party.status === 'inactive' && (
        <p className="party-paused" role="status">
          {INACTIVE_MESSAGE}
        </p>
      )}
      {rolling ? <PartyRoulette key={`${rolling.id}:${rolling.number}`} party={party} roll={rolling} onDone={() => setShown(`${rolling.id}:${rolling.number}`)} /> : <ProgressBar party={party} />}
      <DepositGoals party={party} />
      <div className="party-tiers" role="group" aria-label="Tiers">
        {party.tiers.map((t) => (
          <TierCard key={t.number} party={party} tier={t} next={t.number === nextNumber && !t.completed} selected={t.number === selected} onSelect={() => setSelected(t.number)} />
        ))}
      </div>
      <div className="party-actions">{isHost ? !party.official && <HostTools party={party} /> : <JoinPanel party={party} />}</div>
      <div className="party-columns">
        <Participants party={party} number={selected} next={nextNumber} />
        <FairnessPanel party={party} number={selected} />
      </div>
    </div>
  );
}

/** A partner or club member with no open party: the stream club and the party fuel that opens one. */
function HostPanel() {
  const queryClient = useQueryClient();
  const report = useReport();
  const settings = useQuery({ queryKey: [...partyKeys.all, 'settings'], queryFn: ({ signal }) => rpc.call('partnership-plus.party-settings', {}, { signal }) });
  const [amount, setAmount] = useState(PARTY_FUEL_OPTIONS[1]!);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: partyKeys.all });
  const [needsKick, setNeedsKick] = useState(false);
  const join = useMutation({
    mutationFn: () => rpc.call('partnership-plus.join-stream-club', {}),
    onSuccess: refresh,
    // Document 3 keeps KICK_ACCOUNT_NOT_LINKED quiet as a toast: the panel says what to do instead.
    onError: (error) => (error instanceof RpcError && error.code === 'KICK_ACCOUNT_NOT_LINKED' ? setNeedsKick(true) : report(error)),
  });
  const buy = useMutation({ mutationFn: () => rpc.call('partnership-plus.buy-party-fuel', { amount, stamp: crypto.randomUUID() }), onSuccess: refresh, onError: report });
  if (!settings.data) return <p className="party-muted">Loading your party settings…</p>;
  if (!settings.data.stream_club) {
    return (
      <div className="party-host-panel">
        <p>Streamers of the stream club host parties for their referrals while they are on air.</p>
        <Button variant="primary" disabled={join.isPending} onClick={() => join.mutate()}>
          Join the stream club
        </Button>
        {needsKick && (
          <p className="party-muted" role="alert">
            Connect your Kick channel first: Badges and Kick on your partner dashboard.
          </p>
        )}
      </div>
    );
  }
  return (
    <form
      className="party-host-panel"
      onSubmit={(e) => {
        e.preventDefault();
        buy.mutate();
      }}
    >
      <p>
        Party fuel pays the three tiers’ prizes. Your referrals join with your dress code “{settings.data.invite_code}”; tiers are drawn after 10, 20 and 30 minutes on air.
      </p>
      <label htmlFor="party-fuel">Party fuel</label>
      <select id="party-fuel" value={amount} onChange={(e) => setAmount(Number(e.target.value))}>
        {PARTY_FUEL_OPTIONS.map((f) => (
          <option key={f} value={f}>
            {formatCoins(f)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="primary" disabled={buy.isPending}>
        Buy party fuel
      </Button>
    </form>
  );
}

function PartyBody({ id }: { id: string | undefined }) {
  usePartyLive();
  const lobby = useQuery({ ...lobbyQueryOptions(), enabled: !id });
  const partyId = id ?? lobby.data?.parties[0]?.id;
  const party = useQuery({ ...partyQueryOptions(partyId ?? ''), enabled: !!partyId, retry: false });
  const navigate = useNavigate();
  const gone = party.error instanceof RpcError && party.error.code === 30;
  // The modal closes when its party disappears (closed or disbanded).
  useEffect(() => {
    if (gone) void navigate({ to: '/' });
  }, [gone, navigate]);
  const tags = useAccount().data?.user.tags ?? [];
  if (!id && lobby.isSuccess && !partyId) {
    if (tags.includes('partner') || tags.includes('club_member')) return <HostPanel />;
    return <p className="party-muted">No stream party is open for you right now. Parties appear here while a streamer gives away prizes on air.</p>;
  }
  if (party.isError || lobby.isError) {
    return (
      <div className="party-error" role="alert">
        <strong>Oops..</strong>
        <p>Something went wrong.</p>
      </div>
    );
  }
  if (!party.data) return <p className="party-muted">Loading the party…</p>;
  return <PartyView party={party.data} />;
}

/** /event/stream-party: the stream party modal (width 944) over the page behind. */
export function StreamPartyPage({ id, behind }: { id?: string; behind: ReactNode }) {
  const navigate = useNavigate();
  const logged = useLogged();
  // A prompt holds the calls the party would make: a modal that would open over one waits behind
  // it and opens when it is answered. The lobby widget does not navigate over a prompt, but a
  // navigation already on its way can land after the prompt shows. Once open, the modal stays.
  const prompt = shownPrompt.use();
  const [opened, setOpened] = useState(false);
  if (!opened && !prompt) setOpened(true);
  return (
    <RouteModal title="Stream party" width={944} behind={behind} held={!opened} onClose={() => void navigate({ to: '/' })}>
      {logged ? (
        <PartyBody id={id} />
      ) : (
        <div className="party-login">
          <p>Log in to join stream parties.</p>
          <Button variant="steam" onClick={() => sessionModal.set('login')}>
            Login
          </Button>
        </div>
      )}
    </RouteModal>
  );
}
