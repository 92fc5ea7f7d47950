/** The arena's pages, for routes only: the lobby. */
export { ArenaPage } from './arena-pages.tsx';
