import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { battleOptions, battleSetupError, TEAM_BATTLE_SEATS } from '../../core/battle-rules.ts';
import { MAX_ROUNDS, schemePrice } from '../../core/scheme.ts';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon } from '../../ui/icons.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { MaskIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { casesQueryOptions } from '../cases/on-demand.ts';
import { draftStore, EMPTY_DRAFT, roundsOf, updateDraft, type CaseBox, type Entry } from './create-draft.ts';
import { CasePicker, SchemeRounds } from './create-scheme.tsx';
import { BattleOptionsPanel, CreatePanel, SeatsPicker } from './create-setup.tsx';
import './battles.css';

/** /battle/create: the scheme builder (cases and counts), seats, mode, options and the price. */
export function BattleCreatePage({ initialCase }: { initialCase?: string | undefined }) {
  const cases = useQuery(casesQueryOptions());
  const draft = draftStore.use();
  const { picked, seats, mode, flags, kings, personal } = draft;
  // Arriving from a case's 'Add to battle' starts a new draft with that case.
  useEffect(() => {
    if (initialCase) draftStore.set(EMPTY_DRAFT);
  }, [initialCase]);
  // ?case=<key> (the case page's 'Add to battle') starts the scheme with that case.
  const preselected = initialCase ? cases.data?.cases.find((entry) => entry.key === initialCase) : undefined;
  const entries: Entry[] = picked ?? (preselected ? [{ box: preselected, count: 1 }] : []);
  const setEntries = (change: (current: Entry[]) => Entry[]) => updateDraft({ picked: change(entries) });

  const rounds = roundsOf(entries);
  const price = schemePrice(entries, (entry) => entry.box.price);
  const options = battleOptions({ ...flags, kings });
  const seatCount = mode === 'team' ? TEAM_BATTLE_SEATS : seats;
  const setupError = entries.length === 0 ? 'Add at least one case' : battleSetupError({ seats: seatCount, mode, options }, rounds);

  const add = (box: CaseBox) =>
    setEntries((current) => {
      if (current.some((entry) => entry.box.hash === box.hash) || roundsOf(current) >= MAX_ROUNDS) return current;
      return [...current, { box, count: 1 }];
    });
  const setCount = (hash: string, count: number) => setEntries((current) => current.map((entry) => (entry.box.hash === hash ? { ...entry, count } : entry)));
  const remove = (hash: string) => setEntries((current) => current.filter((entry) => entry.box.hash !== hash));

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
          <SchemeRounds entries={entries} rounds={rounds} setCount={setCount} remove={remove} />
          <CasePicker cases={cases} entries={entries} rounds={rounds} add={add} />
        </div>

        <aside className="create-side" aria-label="Battle setup">
          <SeatsPicker mode={mode} seats={seats} />
          <BattleOptionsPanel flags={flags} kings={kings} personal={personal} rounds={rounds} />
          <CreatePanel draft={draft} entries={entries} rounds={rounds} price={price} seatCount={seatCount} setupError={setupError} />
        </aside>
      </div>
    </PageFrame>
  );
}
