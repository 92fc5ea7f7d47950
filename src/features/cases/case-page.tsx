import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/** /case/{key}: the case, opening it 1..100 times, its pool math and every item it can drop with the odds. */
export function CasePage({ caseKey, action }: { caseKey: string; action?: 'open_card' }) {
  const { data } = useSuspenseQuery(caseQueryOptions(caseKey));
  const { box, items } = data;
  const [count, setCount] = useState(1);
  const pool = poolOf(box, items);
  // One worker answer for the figures panel and the odds on each card.
  const [aboveCoins, setAboveCoins] = useState(() => defaultAboveCoins(box));
  const summary = usePoolSummary(box, items, aboveCents(aboveCoins), count);
  const odds = summary.data?.odds;
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
        <OpenPanel box={box} count={count} onCount={setCount} focus={action === 'open_card'} />
      </div>
      <PoolFigures box={box} summary={summary} openings={count} aboveCoins={aboveCoins} onAboveCoins={setAboveCoins} />
      <RandomPreview box={box} items={items} />
      <Panel title="What it can drop">
        <ul className="item-grid" aria-label={`Items in ${box.name}`}>
          {pool.map(({ item, range }, index) => (
            <li key={item.hash}>
              <ItemCard
                name={item.name}
                image={item.image}
                color={item.color}
                price={item.price}
                note={
                  <span title={`Tickets ${formatCount(range[0])} – ${formatCount(range[1])}`}>{odds?.[index] === undefined ? '…' : formatChance(odds[index])}</span>
                }
              />
            </li>
          ))}
        </ul>
      </Panel>
    </PageFrame>
  );
}
