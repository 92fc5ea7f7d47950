/**
 * Partner races (docs/decisions/0012): the partner's form to start or change one, their
 * list, and the leaderboard a partner and their referrals see.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { PARTNER_RACE_CATEGORIES, PARTNER_RACE_COLOURS, type MethodResult } from '../../contract/index.ts';
import { formatCoins, parseCoinsToCents } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { EntryTime, PagedTable } from '../../ui/paged-table.tsx';
import { EmptyState, Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { reportApiError } from '../notifications/index.ts';
import { partnershipKeys, raceQueryOptions, racesQueryOptions } from './queries.ts';

type Race = MethodResult<'partnership-plus.race'>['race'];

const DURATIONS = [
  { label: '1 day', seconds: 86_400 },
  { label: '3 days', seconds: 3 * 86_400 },
  { label: '7 days', seconds: 7 * 86_400 },
  { label: '14 days', seconds: 14 * 86_400 },
  { label: '30 days', seconds: 30 * 86_400 },
];

const STATUS_LABEL: Record<Race['status'], string> = { running: 'Running', ended: 'Ended', cancelled: 'Cancelled' };

function CategoryBadge({ category }: { category: number }) {
  const colour = PARTNER_RACE_COLOURS[category as keyof typeof PARTNER_RACE_COLOURS] ?? 'currentColor';
  return (
    <span className="race-category" style={{ borderColor: colour, color: colour }}>
      Top {category}
    </span>
  );
}

/** The form that starts a race, or changes a running one (`race` given). */
export function RaceForm({ dashboardName, race }: { dashboardName: string; race?: Race }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(race?.name ?? '');
  const [category, setCategory] = useState<number>(race?.category ?? 10);
  const [prize, setPrize] = useState(race ? (race.prize / 100).toFixed(2) : '');
  const [duration, setDuration] = useState(DURATIONS[2]!.seconds);
  const cents = parseCoinsToCents(prize);
  const save = useMutation({
    mutationFn: () => {
      const fields = { name: name.trim(), category, prize: cents ?? 0, duration, stamp: crypto.randomUUID() };
      return race ? rpc.call('partnership-plus.change-race', { id: race.id, ...fields }) : rpc.call('partnership-plus.create-race', fields);
    },
    onSuccess: async ({ race: saved }) => {
      await queryClient.invalidateQueries({ queryKey: partnershipKeys.races });
      void navigate({ to: `/partnership/@${dashboardName}/race/${saved.id}` });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && cents) save.mutate();
  };
  return (
    <Panel title={race ? 'Race settings' : 'New race'}>
      <form className="race-form" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Name</span>
          <input className="field-input" value={name} maxLength={40} required onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset className="race-categories">
          <legend className="field-label">Places paid</legend>
          {PARTNER_RACE_CATEGORIES.map((value) => (
            <label key={value} className="race-category-option" style={{ color: PARTNER_RACE_COLOURS[value] }}>
              <input type="radio" name="category" value={value} checked={category === value} onChange={() => setCategory(value)} />
              Top {value}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field-label">Prize pool in coins (held from your balance until the end)</span>
          <input className="field-input" inputMode="decimal" value={prize} required aria-invalid={prize !== '' && !cents} onChange={(e) => setPrize(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">{race ? 'Ends in' : 'Runs for'}</span>
          <select className="field-input" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
            {DURATIONS.map((d) => (
              <option key={d.seconds} value={d.seconds}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <div className="race-form-actions">
          <Button type="submit" variant="primary" disabled={save.isPending || !name.trim() || !cents}>
            {race ? 'Save race' : 'Start race'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** The partner's races, or for a referral the races of their partner. */
export function RacesList({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const races = useInfiniteQuery(racesQueryOptions());
  const rows = races.data?.pages.flatMap((page) => page.races) ?? [];
  if (races.isPending) return hideWhenEmpty ? null : <Panel title="Races"><p className="partner-muted">Loading…</p></Panel>;
  if (rows.length === 0) {
    if (hideWhenEmpty) return null;
    return (
      <EmptyState title="No races yet">A race ranks referrals by what they wager while it runs, and pays its places from the prize its partner put up.</EmptyState>
    );
  }
  return (
    <Panel title="Races">
      <PagedTable columns={['Race', 'Places', 'Prize pool', 'Ends', 'Status']} pager={races}>
        {rows.map((race) => (
          <tr key={race.id}>
            <td>
              <PathLink to={`/partnership/@${race.partner.name}/race/${race.id}`}>{race.name}</PathLink>
            </td>
            <td>
              <CategoryBadge category={race.category} />
            </td>
            <td>{formatCoins(race.prize)}</td>
            <td>
              <EntryTime at={race.ends_at * 1000} />
            </td>
            <td>{STATUS_LABEL[race.status]}</td>
          </tr>
        ))}
      </PagedTable>
    </Panel>
  );
}

/** One race: its leaderboard, and for its partner the edit and cancel actions. */
export function RaceDetail({ dashboardName, raceId, ownName }: { dashboardName: string; raceId: string; ownName: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const race = useQuery(raceQueryOptions(raceId));
  const cancel = useMutation({
    mutationFn: () => rpc.call('partnership-plus.cancel-race', { id: raceId, stamp: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.races }),
  });
  useEffect(() => {
    // Another partner's race, or one that does not exist: RACE_NOT_FOUND sends the player to /404.
    if (race.error) reportApiError(race.error, (to) => void navigate({ to }), 'page');
  }, [race.error, navigate]);
  if (!race.data) return <Panel title="Race"><p className="partner-muted">{race.error ? 'This race could not be loaded.' : 'Loading…'}</p></Panel>;
  const { race: shown, standings } = race.data;
  const mine = ownName !== undefined && shown.partner.name.toLowerCase() === ownName.toLowerCase();
  return (
    <>
      <Panel title={shown.name}>
        <dl className="partner-figures">
          <div><dt>Places</dt><dd><CategoryBadge category={shown.category} /></dd></div>
          <div><dt>Prize pool</dt><dd>{formatCoins(shown.prize)}</dd></div>
          <div><dt>Ends</dt><dd><EntryTime at={shown.ends_at * 1000} /></dd></div>
          <div><dt>Status</dt><dd>{STATUS_LABEL[shown.status]}</dd></div>
        </dl>
        {mine && shown.status === 'running' && (
          <div className="partner-claim">
            <PathLink to={`/partnership/@${dashboardName}/race/${shown.id}/edit`} className="btn btn-ghost">
              Edit race
            </PathLink>
            <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel race and refund the prize
            </Button>
          </div>
        )}
      </Panel>
      <Panel title="Leaderboard">
        {standings.length === 0 ? (
          <p className="partner-muted">Nobody has wagered in this race yet.</p>
        ) : (
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Player</th>
                <th scope="col">Wagered</th>
                <th scope="col">{shown.status === 'ended' ? 'Won' : 'Prize'}</th>
              </tr>
            </thead>
            <tbody>
              {standings.map((s) => (
                <tr key={s.user_hash}>
                  <td>#{s.place}</td>
                  <td>{s.name}</td>
                  <td>{formatCoins(s.wagered)}</td>
                  <td className="amount-in">{formatCoins(s.prize)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </>
  );
}

/** The edit page's form, once the race has loaded. */
export function RaceEdit({ dashboardName, raceId }: { dashboardName: string; raceId: string }) {
  const race = useQuery(raceQueryOptions(raceId));
  if (!race.data) return <Panel title="Race settings"><p className="partner-muted">Loading…</p></Panel>;
  return <RaceForm dashboardName={dashboardName} race={race.data.race} />;
}
