import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '../../features/inventory/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/inventory/')({
  head: () => pageHead({ title: 'Inventory', description: 'Your items: keep them or sell them back at their price.', path: '/inventory' }),
  component: InventoryPage,
});
