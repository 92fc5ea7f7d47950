/**
 * The partner's badges and Kick link on the dashboard (docs/decisions/0028): make a badge,
 * choose which show (at most 3), give one to each referral rank, link the Kick channel.
 * There is no read call for badges: every badge call answers them all, kept in the query cache.
 */
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BADGE_ICONS, REFERRAL_RANKS, type MethodResult } from '../../contract/index.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { reportApiError } from '../notifications/index.ts';

type Badges = MethodResult<'partnership-plus.change-badges'>;
const BADGES_KEY = ['partnership', 'badges'] as const;
const onError = (error: unknown) => reportApiError(error, () => undefined);

/** The badges as the last call answered them; `change-referral-badges {}` reads them unchanged. */
function useBadges() {
  return useQuery({ queryKey: BADGES_KEY, queryFn: () => rpc.call('partnership-plus.change-referral-badges', {}), staleTime: Infinity, retry: false });
}

function BadgeChip({ badge }: { badge: Badges['badges'][number] }) {
  return (
    <span className="badge-chip" style={{ borderColor: badge.colour, color: badge.colour }}>
      {badge.icon} · {badge.name}
    </span>
  );
}

export default function PartnerBadges() {
  const queryClient = useQueryClient();
  const badges = useBadges();
  const store = (next: Badges) => queryClient.setQueryData(BADGES_KEY, next);
  const [name, setName] = useState('');
  const [icon, setIcon] = useState<(typeof BADGE_ICONS)[number]>('star');
  const [colour, setColour] = useState('#38bdf8');
  const make = useMutation({ mutationFn: () => rpc.call('partnership-plus.prepare-badge', { name: name.trim(), icon, colour }), onSuccess: ({ badges: all, referral_badges }) => { store({ badges: all, referral_badges }); setName(''); }, onError });
  const show = useMutation({ mutationFn: (ids: string[]) => rpc.call('partnership-plus.change-badges', { ids: ids.join(',') }), onSuccess: store, onError });
  const give = useMutation({ mutationFn: (patch: Record<string, string>) => rpc.call('partnership-plus.change-referral-badges', patch), onSuccess: store, onError });
  const [kick, setKick] = useState('');
  const link = useMutation({ mutationFn: () => rpc.call('partnership-plus.connect-kick', { name: kick.trim() }), onError });
  const list = badges.data?.badges ?? [];
  const active = list.filter((b) => b.active).map((b) => b.id);
  const toggle = (id: string) => show.mutate(active.includes(id) ? active.filter((a) => a !== id) : [...active, id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) make.mutate();
  };
  return (
    <Panel title="Badges and Kick">
      <form className="badge-form" onSubmit={submit} aria-label="New badge">
        <label className="field">
          <span className="field-label">Badge name</span>
          <input className="field-input" value={name} maxLength={16} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Icon</span>
          <select className="field-input" value={icon} onChange={(e) => setIcon(e.target.value as typeof icon)}>
            {BADGE_ICONS.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Colour</span>
          <input className="field-input badge-colour" type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
        </label>
        <Button type="submit" disabled={!name.trim() || make.isPending}>
          Make badge
        </Button>
      </form>
      {list.length > 0 && (
        <ul className="badge-list" aria-label="Your badges">
          {list.map((badge) => (
            <li key={badge.id}>
              <BadgeChip badge={badge} />
              <label className="deal-check">
                <input type="checkbox" checked={badge.active} disabled={show.isPending || (!badge.active && active.length >= 3)} onChange={() => toggle(badge.id)} /> Shown
              </label>
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 && (
        <div className="badge-ranks" role="group" aria-label="Referral rank badges">
          {REFERRAL_RANKS.map((rank) => (
            <label key={rank} className="field">
              <span className="field-label">Rank {rank}</span>
              <select className="field-input" value={badges.data?.referral_badges[rank] ?? ''} onChange={(e) => give.mutate({ [rank]: e.target.value })}>
                <option value="">None</option>
                {list.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <form
        className="badge-form"
        aria-label="Kick channel"
        onSubmit={(event) => {
          event.preventDefault();
          if (kick.trim()) link.mutate();
        }}
      >
        <label className="field">
          <span className="field-label">Kick channel you stream</span>
          <input className="field-input" value={kick} maxLength={40} onChange={(e) => setKick(e.target.value)} />
        </label>
        <Button type="submit" disabled={!kick.trim() || link.isPending}>
          Connect Kick
        </Button>
      </form>
      {link.data && <p className="partner-muted" role="status">Kick channel {link.data.kick.name} is linked.</p>}
    </Panel>
  );
}
