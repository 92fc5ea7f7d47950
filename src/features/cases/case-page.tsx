import { useSuspenseQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { formatCoins, formatCount } from '../../core/money.ts';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon, CaseIcon } from '../../ui/icons.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useLogged } from '../session/index.ts';
import { AddToBattleLink, OpenTableButton } from './case-links.tsx';
import { OpenPanel } from './open-panel.tsx';
import { aboveCents, defaultAboveCoins, formatChance, PoolFigures, poolOf, usePoolSummary } from './pool-figures.tsx';
import { caseQueryOptions } from './queries.ts';
import { CaseHero } from './case-hero.tsx';
import { RandomPreview } from './random-preview.tsx';
import './cases.css';

/*
 * The worker's answer arrives through the query cache, whose updates React renders in one
 * synchronous task: the whole page again (130 ms at 4x CPU, traced on /case/pocket-change).
 * What shows the answer renders again, no more: the panels above it are memoized, and the cards
 * take their odds as a deferred value, in a render React can interrupt.
 */
const StillOpenPanel = memo(OpenPanel);
const StillRandomPreview = memo(RandomPreview);

/** /case/{key}: the case, opening it 1..100 times, its pool math and every item it can drop with the odds. */
export function CasePage({ caseKey, action }: { caseKey: string; action?: 'open_card' }) {
  const { data } = useSuspenseQuery(caseQueryOptions(caseKey));
  const { box, items } = data;
  const [count, setCount] = useState(1);
  const pool = useMemo(() => poolOf(box, items), [box, items]);
  // One worker answer for the figures panel and the odds on each card.
  const [aboveCoins, setAboveCoins] = useState(() => defaultAboveCoins(box));
  const summary = usePoolSummary(box, pool, aboveCents(aboveCoins), count);
  const odds = useDeferredValue(summary.data?.odds);
  const logged = useLogged();

  return (
    <PageFrame
      area="cases"
      icon={<CaseIcon />}
      eyebrow="Case"
      title={box.name}
      lead={box.deprecated ? `Box ${box.hash} deprecated.` : `${items.length} items. Each opening costs ${formatCoins(box.price)} coins; the drop is decided by a provably fair ticket.`}
      actions={
        <>
          {!box.deprecated && (
            <AddToBattleLink caseKey={box.key} className={buttonClass('ghost')}>
              <BattleIcon /> Add to battle
            </AddToBattleLink>
          )}
          {!box.deprecated && logged && <OpenTableButton boxHash={box.hash} />}
          <PathLink to="/provably-fair" className={buttonClass('ghost')}>
            How drops are decided
          </PathLink>
        </>
      }
    >
      <div className="case-top">
        <CaseHero box={box}>
          <p>Every item below owns a range of the 100,000 tickets; a provably fair ticket from your seeds picks the drop.</p>
        </CaseHero>
        <StillOpenPanel box={box} count={count} onCount={setCount} focus={action === 'open_card'} />
      </div>
      <PoolFigures box={box} summary={summary} openings={count} aboveCoins={aboveCoins} onAboveCoins={setAboveCoins} />
      <StillRandomPreview box={box} items={items} />
      <CaseItems name={box.name} pool={pool} odds={odds} />
    </PageFrame>
  );
}

/** Every item the case can drop, with its chance once the worker has answered. */
const CaseItems = memo(function CaseItems({ name, pool, odds }: { name: string; pool: ReturnType<typeof poolOf>; odds: readonly number[] | undefined }) {
  return (
    <Panel title="What it can drop">
      <ul className="item-grid" aria-label={`Items in ${name}`}>
        {pool.map(({ item, range }, index) => (
          <li key={item.hash}>
            <ItemCard
              name={item.name}
              image={item.image}
              color={item.color}
              price={item.price}
              note={<span title={`Tickets ${formatCount(range[0])} – ${formatCount(range[1])}`}>{odds?.[index] === undefined ? '…' : formatChance(odds[index])}</span>}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
});
