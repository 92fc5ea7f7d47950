import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Box, z } from '../../contract/index.ts';
import { battleOptions, battleSetupError, TEAM_BATTLE_SEATS, type BattleMode } from '../../core/battle-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { BATTLE_SEATS, CASE_COUNTS, formatScheme, MAX_ROUNDS, schemePrice } from '../../core/scheme.ts';
import { rpc } from '../../net/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { createStore } from '../../ui/store.ts';
import { BattleIcon, CloseIcon, CoinIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { MaskIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { casesQueryOptions } from '../cases/on-demand.ts';
import { sessionModal, useLogged } from '../session/index.ts';
import { FLAG_OPTIONS, OPTION_TEXT, type FlagOption } from './battle-text.ts';
import './battles.css';

type CaseBox = z.output<typeof Box>;
type Entry = { box: CaseBox; count: number };

/** The battle being built: kept while the rob-mode guide opens over the screen, until it is created. */
type Draft = { picked: Entry[] | null; seats: number; mode: BattleMode; flags: Record<FlagOption, boolean>; kings: number; personal: boolean };
const EMPTY_DRAFT: Draft = {
  picked: null,
  seats: 2,
  mode: 'solo',
  flags: { crazy: false, terminal: false, share: false, tiebreak: false, rob: false, fast: false },
  kings: 0,
  personal: false,
};
const draftStore = createStore<Draft>(EMPTY_DRAFT);
const updateDraft = (patch: Partial<Draft>) => draftStore.set({ ...draftStore.get(), ...patch });

/** Rounds in a scheme. */
const roundsOf = (entries: readonly Entry[]) => entries.reduce((sum, entry) => sum + entry.count, 0);

/** /battle/create: the scheme builder (cases and counts), seats, mode, options and the price. */
export function BattleCreatePage({ initialCase }: { initialCase?: string | undefined }) {
  const logged = useLogged();
  const navigate = useNavigate();
  const cases = useQuery(casesQueryOptions());
  // `picked` is null until the player changes the scheme: until then it is the case ?case=<key> names, if any.
  const { picked, seats, mode, flags, kings, personal } = draftStore.use();
  const [filter, setFilter] = useState('');
  // Arriving from a case's 'Add to battle' starts a new draft with that case.
  useEffect(() => {
    if (initialCase) draftStore.set(EMPTY_DRAFT);
  }, [initialCase]);
  // ?case=<key> (the case page's 'Add to battle') starts the scheme with that case.
  const preselected = initialCase ? cases.data?.cases.find((entry) => entry.key === initialCase) : undefined;
  const entries: Entry[] = picked ?? (preselected ? [{ box: preselected, count: 1 }] : []);
  const setEntries = (change: (current: Entry[]) => Entry[]) => updateDraft({ picked: change(entries) });
  const setSeats = (value: number) => updateDraft({ seats: value });
  const setMode = (value: BattleMode) => updateDraft({ mode: value });
  const setKings = (value: number) => updateDraft({ kings: value });

  const rounds = roundsOf(entries);
  const price = schemePrice(entries, (entry) => entry.box.price);
  const options = battleOptions({ ...flags, kings });
  const seatCount = mode === 'team' ? TEAM_BATTLE_SEATS : seats;
  const setupError = entries.length === 0 ? 'Add at least one case' : battleSetupError({ seats: seatCount, mode, options }, rounds);

  const create = useMutation({
    mutationFn: () =>
      rpc.call('arena-battle.create', {
        scheme: formatScheme(entries.map((entry) => ({ box: entry.box.hash, count: entry.count }))),
        mode,
        number: seatCount,
        ...(kings > 0 ? { kings } : {}),
        ...(personal ? { personal: true } : {}),
        options: Object.fromEntries(FLAG_OPTIONS.filter((name) => flags[name]).map((name) => [name, true])),
      }),
    onSuccess: (answer) => {
      draftStore.set(EMPTY_DRAFT);
      void navigate({ to: answer.path as '/' });
    },
  });

  const add = (box: CaseBox) =>
    setEntries((current) => {
      if (current.some((entry) => entry.box.hash === box.hash) || roundsOf(current) >= MAX_ROUNDS) return current;
      return [...current, { box, count: 1 }];
    });
  const setCount = (hash: string, count: number) => setEntries((current) => current.map((entry) => (entry.box.hash === hash ? { ...entry, count } : entry)));
  const remove = (hash: string) => setEntries((current) => current.filter((entry) => entry.box.hash !== hash));
  const toggle = (name: FlagOption) => updateDraft({ flags: { ...flags, [name]: !flags[name] } });

  const shownCases = (cases.data?.cases ?? []).filter((box) => box.name.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <PageFrame
      area="battles"
      icon={<BattleIcon />}
      eyebrow="Battles"
      title="Create a battle"
      lead="Pick the cases for each round, the number of seats and the mode. You pay your seat when you create it; the rest join or bots fill in."
      actions={
        <PathLink to="/battle/rob-mode" className={buttonClass('ghost')}>
          <MaskIcon /> How rob mode works
        </PathLink>
      }
    >
      <div className="create-layout">
        <div className="create-main">
          <Panel title={`Rounds (${rounds} of ${MAX_ROUNDS})`}>
            {entries.length === 0 ? (
              <p className="muted">No cases yet: add cases from the list below. Each case can run 1, 5, 10, 20, 50 or 100 rounds.</p>
            ) : (
              <ol className="scheme-list" aria-label="Battle cases">
                {entries.map((entry) => {
                  const others = rounds - entry.count;
                  return (
                    <li key={entry.box.hash} className="scheme-entry">
                      <img src={entry.box.image} alt="" width={72} height={54} />
                      <div className="scheme-entry-text">
                        <strong>{entry.box.name}</strong>
                        <span className="battle-price">
                          <CoinIcon /> {formatCoins(entry.box.price)} x {entry.count} = {formatCoins(entry.box.price * entry.count)}
                        </span>
                      </div>
                      <div className="segmented" role="radiogroup" aria-label={`Rounds of ${entry.box.name}`}>
                        {CASE_COUNTS.map((count) => (
                          <button
                            key={count}
                            type="button"
                            role="radio"
                            aria-checked={entry.count === count}
                            disabled={others + count > MAX_ROUNDS}
                            onClick={() => setCount(entry.box.hash, count)}
                          >
                            {count}
                          </button>
                        ))}
                      </div>
                      <button type="button" className="icon-button" aria-label={`Remove ${entry.box.name}`} onClick={() => remove(entry.box.hash)}>
                        <CloseIcon />
                      </button>
                    </li>
                  );
                })}
              </ol>
            )}
          </Panel>

          <Panel
            title="Add cases"
            actions={
              <label className="case-filter">
                <span className="visually-hidden">Find a case</span>
                <input className="field-input" type="search" placeholder="Find a case" value={filter} onChange={(event) => setFilter(event.target.value)} />
              </label>
            }
          >
            {cases.isPending ? (
              <Skeleton count={8} />
            ) : cases.isError ? (
              <EmptyState title="Load All Boxes Error">The cases did not load. Check your connection and try again.</EmptyState>
            ) : (
              <ul className="case-pick-grid" aria-label="Cases to add">
                {shownCases.map((box) => {
                  const added = entries.some((entry) => entry.box.hash === box.hash);
                  return (
                    <li key={box.hash}>
                      <button type="button" className="case-pick" aria-pressed={added} disabled={added || rounds >= MAX_ROUNDS} onClick={() => add(box)}>
                        <img src={box.image} alt="" width={120} height={90} loading="lazy" />
                        <span className="case-pick-name">{box.name}</span>
                        <span className="battle-price">
                          <CoinIcon /> {formatCoins(box.price)}
                        </span>
                        <span className="case-pick-add">{added ? 'Added' : 'Add'}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </Panel>
        </div>

        <aside className="create-side" aria-label="Battle setup">
          <Panel title="Seats">
            <div className="segmented seat-picker" role="radiogroup" aria-label="Seats">
              {Array.from({ length: BATTLE_SEATS.max - BATTLE_SEATS.min + 1 }, (_, i) => BATTLE_SEATS.min + i).map((count) => (
                <button
                  key={count}
                  type="button"
                  role="radio"
                  aria-checked={mode === 'solo' && seats === count}
                  onClick={() => {
                    setMode('solo');
                    setSeats(count);
                  }}
                >
                  {count}
                </button>
              ))}
              <button type="button" role="radio" aria-checked={mode === 'team'} onClick={() => setMode('team')}>
                2 vs 2
              </button>
            </div>
            <p className="muted">{mode === 'team' ? 'Two teams of two: the team with the higher total takes the pot, split between its players.' : `${seats} players, each for themselves.`}</p>
          </Panel>

          <Panel title="Options">
            <ul className="option-list">
              {FLAG_OPTIONS.map((name) => (
                <li key={name}>
                  <label className="option">
                    <input type="checkbox" checked={flags[name]} onChange={() => toggle(name)} />
                    <span>
                      <strong>{OPTION_TEXT[name].label}</strong>
                      <span className="option-text">
                        {OPTION_TEXT[name].text}
                        {name === 'rob' && (
                          <>
                            {' '}
                            <PathLink to="/battle/rob-mode" className="rob-link">
                              How it works
                            </PathLink>
                          </>
                        )}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
              <li>
                <label className="option">
                  <input type="number" className="field-input kings-input" min={0} max={Math.max(rounds, 1)} value={kings} onChange={(event) => setKings(Math.max(0, Math.floor(Number(event.target.value) || 0)))} aria-describedby="kings-text" />
                  <span>
                    <strong>{OPTION_TEXT.kings.label}</strong>
                    <span className="option-text" id="kings-text">
                      {OPTION_TEXT.kings.text} 0 turns it off.
                    </span>
                  </span>
                </label>
              </li>
              <li>
                <label className="option">
                  <input type="checkbox" checked={personal} onChange={() => updateDraft({ personal: !personal })} />
                  <span>
                    <strong>Private</strong>
                    <span className="option-text">Not listed in the lobby: only players with the link can join.</span>
                  </span>
                </label>
              </li>
            </ul>
          </Panel>

          <Panel title="Your seat">
            <p className="create-price">
              <CoinIcon width={22} height={22} />
              <span aria-label="Seat price">{formatCoins(price)}</span>
            </p>
            <p className="muted">
              {rounds} round{rounds === 1 ? '' : 's'} · {mode === 'team' ? '2 vs 2' : `${seats} seats`} · pot up to {formatCoins(price * seatCount)} coins of cases
            </p>
            {setupError && entries.length > 0 && (
              <p className="form-error" role="alert">
                {setupError}
              </p>
            )}
            <Button
              variant="primary"
              className="create-button"
              disabled={setupError !== null || create.isPending}
              onClick={() => (logged ? create.mutate(undefined) : sessionModal.set('login'))}
            >
              {create.isPending ? 'Creating…' : `Create for ${formatCoins(price)}`}
            </Button>
          </Panel>
        </aside>
      </div>
    </PageFrame>
  );
}
