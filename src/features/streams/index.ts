/** Live streams: the /streams page and its live query. */
export { StreamsPage, followersText } from './streams-page.tsx';
export { streamsQueryOptions } from './queries.ts';
