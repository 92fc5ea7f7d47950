import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/pages.ts';
import { StreamPartyPage } from '../../features/party/pages.ts';
import { pageHead } from '../../features/shell/index.ts';

export const Route = createFileRoute('/event/stream-party')({
  head: () => pageHead({ title: 'Stream party', description: 'A streamer’s giveaway in tiers for the viewers who joined.', path: '/event/stream-party' }),
  validateSearch: (search: Record<string, unknown>): { id?: string } => (typeof search.id === 'string' && /^SF\d{1,10}$/.test(search.id) ? { id: search.id } : {}),
  component: StreamPartyRoute,
});

function StreamPartyRoute() {
  const { id } = Route.useSearch();
  return <StreamPartyPage id={id} behind={<HomePage />} />;
}
