import { createFileRoute } from '@tanstack/react-router';
import { StreamsPage, streamsQueryOptions } from '../features/streams/index.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/streams')({
  loader: ({ context }) => context.queryClient.prefetchQuery(streamsQueryOptions()),
  head: () => pageHead({ title: 'Live streams', description: 'Streamers playing in the arena right now.', path: '/streams' }),
  component: StreamsPage,
});
