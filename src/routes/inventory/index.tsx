import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage, inventoryQueryOptions } from '../../features/inventory/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/inventory/')({
  // The first sort's first page; offline, the copy the device kept (inventory/queries.ts).
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(inventoryQueryOptions()),
  head: () => pageHead({ title: 'Inventory', description: 'Your items: keep them or sell them back at their price.', path: '/inventory' }),
  component: InventoryPage,
});
