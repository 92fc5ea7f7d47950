import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { formatCoins } from '../../core/money.ts';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon, CaseIcon, CoinIcon } from '../../ui/icons.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { EmptyState, PageFrame, Panel, PlannedParts, Skeleton } from '../../ui/page-frame.tsx';
import { TableIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { caseQueryOptions, casesQueryOptions, caseTitleFromSlug } from './queries.ts';
import './cases.css';

/** /cases: every case with its art and price. */
export function CasesPage() {
  const cases = useQuery(casesQueryOptions());
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
      {cases.isPending ? (
        <Skeleton count={10} />
      ) : cases.isError ? (
        <EmptyState title="Load All Boxes Error">The cases did not load. Check your connection; the list comes back by itself.</EmptyState>
      ) : cases.data.cases.length === 0 ? (
        <EmptyState title="No cases right now">New cases are on their way.</EmptyState>
      ) : (
        <ul className="case-grid" aria-label="Cases">
          {cases.data.cases.map((box, index) => (
            <li key={box.hash} style={{ '--i': Math.min(index, 12) } as CSSProperties}>
              <PathLink to={`/case/${box.key}`} className="case-card" aria-label={`${box.name}, ${formatCoins(box.price)} coins`}>
                <img className="case-art" src={box.image} alt="" width={220} height={165} loading={index < 10 ? 'eager' : 'lazy'} decoding="async" />
                <span className="case-name">{box.name}</span>
                <span className="case-price">
                  <CoinIcon />
                  {formatCoins(box.price)}
                </span>
              </PathLink>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

/** The share of tickets a slot covers, as a percent with up to three decimals. */
function odds(range: readonly [number, number]): string {
  const percent = ((range[1] - range[0] + 1) / 100_000) * 100;
  return `${percent >= 1 ? percent.toFixed(2) : percent.toFixed(3)}%`;
}

/** /case/{key}: the case, its price and every item it can drop with the odds. */
export function CasePage({ caseKey }: { caseKey: string }) {
  const { data } = useSuspenseQuery(caseQueryOptions(caseKey));
  const { box, items } = data;
  const byHash = new Map(items.map((item) => [item.hash, item]));
  return (
    <PageFrame
      area="cases"
      icon={<CaseIcon />}
      eyebrow="Case"
      title={box.name}
      lead={box.deprecated ? `Box ${box.hash} deprecated.` : `${items.length} items. Each opening costs ${formatCoins(box.price)} coins; the drop is decided by a provably fair ticket.`}
      actions={
        <>
          <PathLink to="/battle/create" className={buttonClass('ghost')}>
            <BattleIcon /> Add to battle
          </PathLink>
          <PathLink to="/provably-fair" className={buttonClass('ghost')}>
            How drops are decided
          </PathLink>
        </>
      }
    >
      <div className="case-hero">
        <img className="case-hero-art" src={box.image} alt={`${box.name} case`} width={320} height={240} />
        <div className="case-hero-text">
          <p className="case-hero-price">
            <CoinIcon width={22} height={22} />
            {formatCoins(box.price)}
          </p>
          <p>Every item below owns a range of the 100,000 tickets; a provably fair ticket from your seeds picks the drop. Take the case into a battle of up to five seats from the battle creator.</p>
        </div>
      </div>
      <Panel title="What it can drop">
        <ul className="item-grid" aria-label={`Items in ${box.name}`}>
          {box.slots.map((slot) => {
            const item = byHash.get(slot.item_hash);
            if (!item) return null;
            return (
              <li key={slot.item_hash}>
                <ItemCard name={item.name} image={item.image} color={item.color} price={item.price} note={odds(slot.range)} />
              </li>
            );
          })}
        </ul>
      </Panel>
    </PageFrame>
  );
}

/** /case/{key}/{token}: a personal unbox game of one case. */
export function UnboxGamePage({ caseKey, token }: { caseKey: string; token: string }) {
  const box = useQuery(caseQueryOptions(caseKey));
  const name = box.data?.box.name ?? caseTitleFromSlug(caseKey);
  return (
    <PageFrame area="cases" icon={<CaseIcon />} eyebrow="Unbox" title={name} lead="Your personal unbox game: the rolls you bought spin here one by one, and every drop goes to your inventory.">
      <p className="case-token">
        Game <code>{token}</code>
      </p>
      <PlannedParts
        parts={[
          { title: 'The roulette', text: 'Each roll spins the case’s items and stops on the drop your ticket picked.', look: 'stage' },
          { title: 'Rolls left', text: 'How many openings remain, with fast spin for the impatient.', look: 'stats' },
          { title: 'Your drops', text: 'What this game dropped so far, each with its ticket for the fairness check.', look: 'cards' },
        ]}
      />
    </PageFrame>
  );
}

/** /case/table/default/{id}: the case table link. */
export function CaseTablePage({ id }: { id: string }) {
  return (
    <PageFrame area="cases" icon={<TableIcon />} eyebrow="Case table" title={`Case table ${id}`} lead="A shared table of cases: everyone at it opens the same cases and sees the same drops.">
      <PlannedParts
        parts={[
          { title: 'Cases on the table', text: 'The cases of this table with their prices and the number of openings.', look: 'cards' },
          { title: 'Drops so far', text: 'Every drop of the table, newest first.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}
