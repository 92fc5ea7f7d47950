/** The scheme half of /battle/create: the rounds chosen so far and the cases to add. */
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCoins } from '../../core/money.ts';
import { CASE_COUNTS, MAX_ROUNDS } from '../../core/scheme.ts';
import { CloseIcon, CoinIcon } from '../../ui/icons.tsx';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import type { CaseBox, Entry } from './create-draft.ts';

/** The chosen cases in round order, each with its round count and a remove button. */
export function SchemeRounds({ entries, rounds, setCount, remove }: { entries: readonly Entry[]; rounds: number; setCount(hash: string, count: number): void; remove(hash: string): void }) {
  return (
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
  );
}

/** The case list to add from, searchable by name. */
export function CasePicker({ cases, entries, rounds, add }: { cases: UseQueryResult<{ cases: CaseBox[] }>; entries: readonly Entry[]; rounds: number; add(box: CaseBox): void }) {
  const [filter, setFilter] = useState('');
  const shownCases = (cases.data?.cases ?? []).filter((box) => box.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Panel
      title="Add cases"
      actions={
        <label className="case-filter">
          <span className="visually-hidden">Find a case</span>
          <input className="field-input" type="search" placeholder="Find a case" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
      }
    >
      <QueryView
        query={cases}
        pending={<Skeleton count={8} />}
        error={<EmptyState title="Load All Boxes Error">The cases did not load. Check your connection and try again.</EmptyState>}
      >
        {() => (
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
      </QueryView>
    </Panel>
  );
}
