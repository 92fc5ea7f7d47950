/**
 * The player's items and their total as /inventory shows them: props in, markup out, so that
 * the server renders the same markup into the page's HTML on a signed-in player's first request
 * (src/first-views/render.tsx) before the app has loaded.
 */
import type { ReactNode } from 'react';
import type { MethodResult } from '../../contract/index.ts';
import { formatCoins } from '../../core/money.ts';
import { Button } from '../../ui/button.tsx';
import { formatEnGb } from '../../ui/date-format.ts';
import { CoinIcon } from '../../ui/icons.tsx';
import { FIRST_SCREEN_CARDS, ItemCard } from '../../ui/item-card.tsx';

export type InventoryAssets = MethodResult<'inventory.getAssets'>;
type Asset = InventoryAssets['items'][number];

/** How many items a page of the list holds (one `inventory.getAssets` call). */
export const INVENTORY_PAGE = 48;

/** Whether another page may follow this one: only a full page leaves more behind. */
export function mayHaveMore(page: InventoryAssets): boolean {
  return page.items.length >= INVENTORY_PAGE;
}

/** How many items the player holds and what they are worth. */
export function InventoryTotal({ resume }: { resume: InventoryAssets['resume'] }) {
  return (
    <div className="inventory-total" aria-live="polite" data-personal data-first-view="inventory-total">
      <span>
        {resume.total_count} {resume.total_count === 1 ? 'item' : 'items'}
      </span>
      <strong>
        <CoinIcon /> {formatCoins(resume.total_price)}
      </strong>
    </div>
  );
}

/** Where the list goes on the page, whatever it shows: the items, an empty note, a skeleton. */
export function InventoryItems({ children }: { children: ReactNode }) {
  return (
    <div className="inventory-items" data-personal data-first-view="inventory-items">
      {children}
    </div>
  );
}

export interface InventoryGridProps {
  items: readonly Asset[];
  /** Hashes being sold: their button waits. */
  selling: ReadonlySet<string>;
  onSell(hash: string): void;
  /** Whether more pages follow, and the button's state. */
  more?: { loading: boolean; onMore(): void };
}

/** The items, each sold back at its price with one click, and the button for the next page. */
export function InventoryGrid({ items, selling, onSell, more }: InventoryGridProps) {
  return (
    <>
      <ul className="item-grid" aria-label="Your items">
        {items.map((item, index) => (
          <li key={item.hash}>
            <ItemCard name={item.name} image={item.image} color={item.color} price={item.price} note={formatEnGb(item.time, 'date')} first={index < FIRST_SCREEN_CARDS}>
              <Button size="sm" variant="deposit" disabled={selling.has(item.hash)} onClick={() => onSell(item.hash)} aria-label={`Sell ${item.name} for ${formatCoins(item.price)} coins`}>
                {selling.has(item.hash) ? 'Selling…' : `Sell ${formatCoins(item.price)}`}
              </Button>
            </ItemCard>
          </li>
        ))}
      </ul>
      {more && (
        <Button className="inventory-more" onClick={more.onMore} disabled={more.loading}>
          {more.loading ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </>
  );
}
