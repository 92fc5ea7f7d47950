/** Streams and stream parties. */
export { StreamPartyPage, StreamsPage } from './party-pages.tsx';
