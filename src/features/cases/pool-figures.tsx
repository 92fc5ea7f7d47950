import { useQuery } from '@tanstack/react-query';
import { formatCoins } from '../../core/money.ts';
import type { PoolSummary } from '../../core/pool-summary.ts';
import { idleMoment } from '../../ui/idle.ts';
import { Panel } from '../../ui/page-frame.tsx';
import { poolSummary } from '../../../workers/fairness-client.ts';
import type { CaseBox, CaseItem } from './queries.ts';

/** A chance 0..1 as a percent: two decimals, three under 1%, "< 0.001%" for the rarest. */
export function formatChance(chance: number): string {
  const percent = chance * 100;
  if (percent > 0 && percent < 0.001) return '< 0.001%';
  return `${percent >= 1 ? percent.toFixed(2) : percent.toFixed(3)}%`;
}

/** The case's slots as the worker's pool: each item's price with its ticket range, in slot order. */
export function poolOf(box: CaseBox, items: readonly CaseItem[]): { item: CaseItem; price: number; range: readonly [number, number] }[] {
  const byHash = new Map(items.map((item) => [item.hash, item]));
  return box.slots.flatMap((slot) => {
    const item = byHash.get(slot.item_hash);
    return item ? [{ item, price: item.price, range: slot.range }] : [];
  });
}

/**
 * The pool math of a case (`pool`: poolOf's answer), computed in the fairness worker (never on
 * the main thread). Each question waits for a quiet moment of the main thread: on a case page's
 * load, starting the worker and copying the pool to it were a third of the first commit's effects,
 * one task of 80 ms at 4x CPU, and the figures sit under the case's items anyway.
 */
export function usePoolSummary(box: CaseBox, pool: ReturnType<typeof poolOf>, above: number, openings: number) {
  return useQuery({
    queryKey: ['cases', 'pool', box.hash, box.version, above, openings],
    queryFn: async (): Promise<PoolSummary> => {
      await idleMoment();
      return poolSummary(
        pool.map(({ price, range }) => ({ price, range })),
        { above, openings },
      );
    },
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
}

/** The figures' query. */
export type PoolSummaryQuery = ReturnType<typeof usePoolSummary>;

/** The price asked about by default: the case's own price, in whole coins. */
export function defaultAboveCoins(box: CaseBox): string {
  return String(Math.round(box.price / 100) || 1);
}

/** Coins typed in the figures' field, as cents. */
export function aboveCents(coins: string): number {
  const cents = Math.round(Number(coins || '0') * 100);
  return Number.isFinite(cents) ? Math.max(0, cents) : 0;
}

/** Expected value, price spread and the chance of at least one item above a price, for the openings chosen. */
export function PoolFigures({ box, summary, openings, aboveCoins, onAboveCoins }: { box: CaseBox; summary: PoolSummaryQuery; openings: number; aboveCoins: string; onAboveCoins(value: string): void }) {
  const data = summary.data;
  return (
    <Panel title="The drop pool in numbers" className="pool-panel">
      {data ? (
        <dl className="pool-figures">
          <div>
            <dt>Expected value</dt>
            <dd data-testid="pool-ev">
              {formatCoins(Math.round(data.expectedValue))}
              <small> ({formatChance(data.expectedValue / box.price)} of the price)</small>
            </dd>
          </div>
          <div>
            <dt>Cheapest · median · dearest</dt>
            <dd>
              {formatCoins(data.spread.min)} · {formatCoins(data.spread.median)} · {formatCoins(data.spread.max)}
            </dd>
          </div>
          <div className="pool-above">
            <dt>
              <label htmlFor="pool-above">Chance of at least one item above</label>
            </dt>
            <dd>
              <span className="pool-above-input">
                <input id="pool-above" className="field-input" inputMode="decimal" value={aboveCoins} onChange={(event) => onAboveCoins(event.target.value.replace(/[^\d.]/g, ''))} aria-describedby="pool-above-result" />
                <span>coins</span>
              </span>
              <span id="pool-above-result" data-testid="pool-above">
                {data.above ? `${formatChance(data.above.atLeastOne)} in ${openings} ${openings === 1 ? 'opening' : 'openings'} (${formatChance(data.above.perOpening)} each)` : '—'}
              </span>
            </dd>
          </div>
        </dl>
      ) : summary.isError ? (
        <p>The figures could not be computed in this browser.</p>
      ) : (
        <p aria-busy="true">Computing the odds…</p>
      )}
    </Panel>
  );
}
