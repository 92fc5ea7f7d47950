/**
 * The partner's party settings on the dashboard (document 2 "Partnership-plus screens: party
 * settings"; docs/decisions/0027): stream-club membership, and the mode and each tier's
 * requirement of the parties they host next. The dress code and join conditions are changed
 * from the party modal, which shows them beside the party.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PARTY_MODES, PARTY_TIERS, REFERRAL_RANKS, type MethodResult, type PartyMode } from '../../contract/index.ts';
import { formatCoins } from '../../core/money.ts';
import { RpcError, rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { reportApiError } from '../notifications/index.ts';

type Settings = MethodResult<'partnership-plus.party-settings'>;
const SETTINGS_KEY = ['partnership', 'party-settings'] as const;

const MODE_LABELS: Record<PartyMode, string> = { level: 'Level', rank: 'Referral rank', race: 'Race place' };
/** What a tier asks for when the partner switches to a mode: nothing beyond membership. */
const MODE_DEFAULTS: Record<PartyMode, number[]> = { level: [0, 0, 0], rank: [6, 6, 6], race: [100, 100, 100] };
const MODE_HINTS: Record<PartyMode, string> = {
  level: 'A member takes part in a tier when their level is at least its requirement.',
  rank: 'A member takes part in a tier when their referral rank is this or better (S is best).',
  race: 'A member takes part in a tier when their place in today’s race is this or better.',
};

function TierRequirement({ mode, tier, value, onChange }: { mode: PartyMode; tier: number; value: number; onChange: (v: number) => void }) {
  const label = `Tier ${tier} ${mode === 'level' ? 'minimum level' : mode === 'rank' ? 'lowest rank' : 'lowest race place'}`;
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      {mode === 'rank' ? (
        <select className="field-input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {REFERRAL_RANKS.map((rank, i) => (
            <option key={rank} value={i + 1}>
              {rank}
            </option>
          ))}
        </select>
      ) : (
        <input className="field-input" type="number" inputMode="numeric" min={mode === 'race' ? 1 : 0} max={140} value={value} onChange={(e) => onChange(Number(e.target.value))} />
      )}
    </label>
  );
}

function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved: (s: Settings) => void }) {
  const [mode, setMode] = useState<PartyMode>(settings.mode);
  const [required, setRequired] = useState<number[]>(() => Array.from({ length: PARTY_TIERS }, (_, i) => settings.required[i] ?? MODE_DEFAULTS[settings.mode][i]!));
  const save = useMutation({
    mutationFn: () => rpc.call('partnership-plus.change-party-settings-advanced', { mode, required, ...(settings.background ? { background: settings.background } : {}) }),
    onSuccess: onSaved,
    onError: (error) => reportApiError(error, () => undefined),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="party-settings-form" aria-label="Tier requirements" onSubmit={submit}>
      <label className="field">
        <span className="field-label">Party mode</span>
        <select
          className="field-input"
          value={mode}
          onChange={(e) => {
            const next = e.target.value as PartyMode;
            setMode(next);
            setRequired(next === settings.mode ? settings.required.slice(0, PARTY_TIERS) : MODE_DEFAULTS[next]);
            save.reset();
          }}
        >
          {PARTY_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <p className="partner-muted party-settings-hint">{MODE_HINTS[mode]}</p>
      <div className="party-settings-tiers">
        {required.map((value, i) => (
          <TierRequirement
            key={i}
            mode={mode}
            tier={i + 1}
            value={value}
            onChange={(v) => {
              setRequired(required.map((r, j) => (j === i ? v : r)));
              save.reset();
            }}
          />
        ))}
      </div>
      <div className="party-settings-actions">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save party settings
        </Button>
        {save.isSuccess && (
          <span className="partner-muted" role="status">
            Saved. Your next party uses these tiers.
          </span>
        )}
      </div>
    </form>
  );
}

/** The party-settings panel; loaded with the partner tools. */
export default function PartySettingsPanel() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => rpc.call('partnership-plus.party-settings', {}, { signal }) });
  const store = (next: Settings) => queryClient.setQueryData(SETTINGS_KEY, next);
  const [needsKick, setNeedsKick] = useState(false);
  const club = useMutation({
    mutationFn: (join: boolean) => rpc.call(join ? 'partnership-plus.join-stream-club' : 'partnership-plus.leave-stream-club', {}),
    onSuccess: () => {
      setNeedsKick(false);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (error) => {
      // The spec keeps this one quiet as a toast: the panel says what to do instead.
      if (error instanceof RpcError && error.code === 'KICK_ACCOUNT_NOT_LINKED') setNeedsKick(true);
      else reportApiError(error, () => undefined);
    },
  });
  const data = settings.data;
  return (
    <Panel title="Party settings">
      {!data ? (
        <p className="partner-muted">{settings.isError ? 'Your party settings could not be loaded.' : 'Loading your party settings…'}</p>
      ) : (
        <div className="party-settings">
          <div className="party-settings-club">
            <p>
              {data.stream_club ? 'You are in the stream club: you can host parties for your referrals while you are on air.' : 'Join the stream club to host parties for your referrals while you are on air.'}
              {data.party && ' You have a party open.'}
            </p>
            <Button disabled={club.isPending} onClick={() => club.mutate(!data.stream_club)}>
              {data.stream_club ? 'Leave the stream club' : 'Join the stream club'}
            </Button>
            {needsKick && (
              <p className="partner-muted" role="alert">
                Connect your Kick channel first (Badges and Kick, below), then join.
              </p>
            )}
          </div>
          <p className="partner-muted">
            Dress code “{data.invite_code}” · wagered at least {formatCoins(data.min_wagered)} in {data.min_period} days · level {data.min_level} or more. Change these from the
            party modal.
          </p>
          <SettingsForm settings={data} onSaved={store} />
        </div>
      )}
    </Panel>
  );
}
