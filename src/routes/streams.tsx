import { createFileRoute } from '@tanstack/react-router';
import { StreamsPage } from '../features/party/pages.ts';
import { pageHead } from '../features/shell/index.ts';

export const Route = createFileRoute('/streams')({
  head: () => pageHead({ title: 'Live streams', description: 'Streamers playing in the arena right now, and their stream parties.', path: '/streams' }),
  component: StreamsPage,
});
