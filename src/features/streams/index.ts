/** Live streams: the /streams page and its live query. */
export { StreamsPage } from './streams-page.tsx';
export { followersText } from './followers.ts';
export { streamsQueryOptions } from './queries.ts';
