import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type CSSProperties } from 'react';
import { formatCoins } from '../../core/money.ts';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon, CaseIcon, CoinIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Skeleton } from '../../ui/page-frame.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { AddToBattleLink, OpenCaseLink } from './case-links.tsx';
import { casesQueryOptions } from './queries.ts';
import './cases.css';

type Sort = 'price_asc' | 'price_desc';

/** Price bands of the filter, in cents; the catalogue runs from 1 to 22 coins (document 1 section 9). */
const PRICE_BANDS = [
  { id: 'all', label: 'All prices', min: 0, max: Infinity },
  { id: 'low', label: 'Under 5', min: 0, max: 499 },
  { id: 'mid', label: '5 – 10', min: 500, max: 999 },
  { id: 'high', label: '10 – 20', min: 1_000, max: 1_999 },
  { id: 'top', label: '20 and up', min: 2_000, max: Infinity },
] as const;

type BandId = (typeof PRICE_BANDS)[number]['id'];

/** /cases: every case with its art and price, searchable, sortable and filtered by price. */
export function CasesPage() {
  const cases = useQuery(casesQueryOptions());
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('price_asc');
  const [band, setBand] = useState<BandId>('all');
  const query = useDeferredValue(search.trim().toLowerCase());

  const range = PRICE_BANDS.find((entry) => entry.id === band) ?? PRICE_BANDS[0];
  const shown = (cases.data?.cases ?? [])
    .filter((box) => box.price >= range.min && box.price <= range.max && (query === '' || box.name.toLowerCase().includes(query)))
    .toSorted((a, b) => (sort === 'price_asc' ? a.price - b.price : b.price - a.price));

  return (
    <PageFrame
      area="cases"
      icon={<CaseIcon />}
      eyebrow="Cases"
      title="Open a case"
      lead="Every case shows its drops and their odds. Open one alone, or take it into a battle against other players."
      actions={
        <PathLink to="/battle/create" className={buttonClass('ghost')}>
          <BattleIcon /> Create a battle
        </PathLink>
      }
    >
      <div className="case-filters" role="search" aria-label="Find a case">
        <label className="field case-search">
          <span className="field-label">Search</span>
          <input className="field-input" type="search" placeholder="Case name" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="field case-sort">
          <span className="field-label">Sort by price</span>
          <select className="field-input" value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
            <option value="price_asc">Cheapest first</option>
            <option value="price_desc">Dearest first</option>
          </select>
        </label>
        <div className="case-bands" role="radiogroup" aria-label="Price">
          {PRICE_BANDS.map((entry) => (
            <button key={entry.id} type="button" role="radio" aria-checked={band === entry.id} className="chip" onClick={() => setBand(entry.id)}>
              {entry.label}
            </button>
          ))}
        </div>
      </div>
      <QueryView
        query={cases}
        pending={<Skeleton count={10} />}
        error={<EmptyState title="Load All Boxes Error">The cases did not load. Check your connection; the list comes back by itself.</EmptyState>}
        isEmpty={() => shown.length === 0}
        empty={
          cases.data?.cases.length === 0 ? (
            <EmptyState title="No cases right now">New cases are on their way.</EmptyState>
          ) : (
            <EmptyState title="No case matches">Try another name or price.</EmptyState>
          )
        }
      >
        {() => (
          <ul className="case-grid" aria-label="Cases">
            {shown.map((box, index) => (
              <li key={box.hash} className="case-card" style={{ '--i': index } as CSSProperties}>
                <PathLink to={`/case/${box.key}`} className="case-card-link">
                  <img className="case-art" src={box.image} alt="" width={220} height={165} loading={index < 10 ? 'eager' : 'lazy'} decoding="async" />
                  <span className="case-name">{box.name}</span>
                  <span className="case-price">
                    <CoinIcon />
                    {formatCoins(box.price)}
                    <span className="visually-hidden"> coins</span>
                  </span>
                </PathLink>
                <div className="case-card-actions">
                  <OpenCaseLink caseKey={box.key} className={buttonClass('primary', 'sm')} label={`Open ${box.name}`}>
                    Open
                  </OpenCaseLink>
                  <AddToBattleLink caseKey={box.key} className={buttonClass('ghost', 'sm')} label={`Add ${box.name} to battle`}>
                    <BattleIcon width={14} height={14} /> Battle
                  </AddToBattleLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </PageFrame>
  );
}
