import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { rpc } from '../../net/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { BackpackIcon, ClockIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { clearGiftCode, storedGiftCode } from '../../storage/gift-code.ts';
import { InventoryCards } from '../cards/on-demand.ts';
import { InventoryGrid, InventoryItems, InventoryTotal, type InventoryAssets } from './inventory-grid.tsx';
import { inventoryKeys, inventoryQueryOptions, type InventorySort } from './queries.ts';
import './inventory.css';
import { pushNotice } from '../../ui/notice-store.ts';

/** /inventory: the player's items, each sold back at its price with one click. */
export function InventoryPage() {
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<InventorySort>('hash');
  const options = inventoryQueryOptions(sort);
  const inventory = useInfiniteQuery(options);
  const [selling, setSelling] = useState<ReadonlySet<string>>(new Set());
  const sell = useMutation({
    mutationFn: (hashes: string[]) => rpc.call('inventory.instantSell', { hashes, stamp: crypto.randomUUID() }),
    onMutate: (hashes) => setSelling((now) => new Set([...now, ...hashes])),
    onSuccess: (_answer, hashes) => {
      const sold = new Set(hashes);
      queryClient.setQueryData<InfiniteData<InventoryAssets, string>>(options.queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !sold.has(item.hash)) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
    onSettled: (_answer, _error, hashes) =>
      setSelling((now) => {
        const next = new Set(now);
        for (const hash of hashes) next.delete(hash);
        return next;
      }),
  });

  const items = inventory.data?.pages.flatMap((page) => page.items) ?? [];
  const resume = inventory.data?.pages[0]?.resume;

  return (
    <PageFrame
      area="inventory"
      icon={<BackpackIcon />}
      eyebrow="Inventory"
      title="Your items"
      lead="Everything you dropped. Keep an item, or sell it back at its price: the coins land on your balance at once."
      actions={resume && <InventoryTotal resume={resume} />}
    >
      <InventoryGiftCode />
      <InventoryCards />
      <label className="field inventory-sort">
        <span className="field-label">Sort</span>
        <select className="field-input" value={sort} onChange={(event) => setSort(event.target.value as InventorySort)}>
          <option value="hash">Newest first</option>
          <option value="price_desc">Dearest first</option>
          <option value="price_asc">Cheapest first</option>
        </select>
      </label>
      {/* The player's items, or that there are none: blank in the first view made ahead (scripts/prerender.ts), filled in by the server (src/first-views). */}
      <InventoryItems>
        <QueryView
          query={inventory}
          pending={<Skeleton count={10} />}
          error={<EmptyState title="Your items did not load">Check your connection and open the page again.</EmptyState>}
          isEmpty={() => items.length === 0}
          empty={
            <EmptyState
              title="No items yet"
              action={
                <PathLink to="/cases" className={buttonClass('primary')}>
                  Open a case
                </PathLink>
              }
            >
              Drops from cases and battles you win land here.
            </EmptyState>
          }
        >
          {() => (
            <InventoryGrid
              items={items}
              selling={selling}
              onSell={(hash) => sell.mutate([hash])}
              more={inventory.hasNextPage ? { loading: inventory.isFetchingNextPage, onMore: () => void inventory.fetchNextPage() } : undefined}
            />
          )}
        </QueryView>
      </InventoryItems>
      <div className="inventory-links">
        <PathLink to="/inventory/boosters/history" className="inventory-link">
          <ClockIcon /> Booster history
        </PathLink>
      </div>
    </PageFrame>
  );
}

/** An item gift code that came by link (/gift/A...), offered for redeeming. */
function InventoryGiftCode() {
  const [code, setCode] = useState(() => storedGiftCode('A'));
  const queryClient = useQueryClient();
  const redeem = useMutation({
    mutationFn: (value: string) => rpc.call('inventory.gift', { code: value, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => {
      if (!answer.success) {
        // Spec (document 1 section 8): the server's cause in a 'Code Error' notification.
        pushNotice({ type: 'error', title: 'Code Error', message: answer.cause ?? 'Invalid Code', timerMs: 5000 });
        return;
      }
      clearGiftCode();
      setCode(null);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
  if (!code) return null;
  return (
    <Panel title="A gift is waiting" className="gift-panel">
      <p>
        The link you opened carries the gift code <code>{code}</code>.
      </p>
      <div className="gift-actions">
        <Button variant="primary" disabled={redeem.isPending} onClick={() => redeem.mutate(code)}>
          Redeem gift
        </Button>
        <Button
          onClick={() => {
            clearGiftCode();
            setCode(null);
          }}
        >
          Not now
        </Button>
      </div>
    </Panel>
  );
}

