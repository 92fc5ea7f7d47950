/** Stream parties: the party modal's route page. */
export { StreamPartyPage } from './party-pages.tsx';
