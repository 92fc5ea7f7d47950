import { createFileRoute } from '@tanstack/react-router';
import { casesQueryOptions } from '../features/cases/on-demand.ts';
import { HomePage } from '../features/home/pages.ts';
import { SITE_NAME, pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/')({
  head: () => pageHead({ title: SITE_NAME, description: 'Open CS2 cases alone or in battles of up to five seats, play Chicken and Dice. Provably fair.', path: '/' }),
  // The hero's top cases: the first render has them (a prerendered home is replaced without a
  // shift). prefetchQuery never throws: offline, the hero shows what the device has.
  loader: ({ context }) => context.queryClient.prefetchQuery(casesQueryOptions()),
  component: HomePage,
});
