/** The race pages, for routes only. */
export { RacePage } from './race-page.tsx';
