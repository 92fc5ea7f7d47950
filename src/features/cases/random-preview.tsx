import { useMemo, useState } from 'react';
import { RANDOM_PREVIEW_COUNT, simulateOpenings } from '../../core/drop-pool.ts';
import { seededRandom } from '../../core/seeded-random.ts';
import { Button } from '../../ui/button.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { poolOf } from './pool-figures.tsx';
import type { CaseBox, CaseItem } from './queries.ts';

const newSeed = () => Math.floor(Math.random() * 2 ** 32);

/**
 * The random preview (document 1 section 9: 18 items): openings drawn on this device with the
 * case's odds, as a taste of a run. Nothing is paid or kept; real drops come from the server's
 * provably fair tickets.
 */
export function RandomPreview({ box, items }: { box: CaseBox; items: readonly CaseItem[] }) {
  const [seed, setSeed] = useState(newSeed);
  const drops = useMemo(() => simulateOpenings(poolOf(box, items), RANDOM_PREVIEW_COUNT, seededRandom(seed)).drops, [box, items, seed]);
  return (
    <Panel
      title="Random preview"
      actions={
        <Button size="sm" onClick={() => setSeed(newSeed())}>
          Shuffle
        </Button>
      }
    >
      <p className="preview-note">{RANDOM_PREVIEW_COUNT} openings drawn on your device with this case’s odds: what a run might look like. Nothing is paid or kept.</p>
      <ul className="item-grid preview-grid" aria-label="Random preview">
        {drops.map(({ item }, index) => (
          <li key={`${seed}-${index}`}>
            <ItemCard name={item.name} image={item.image} color={item.color} price={item.price} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
