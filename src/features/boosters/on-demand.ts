/** Boosters loaded after the first page: the header's hint with the boosters panel, and the deposit bonus badge (one lazy entry for both). */
export { BoosterHeaderPart as default } from './header-hint.tsx';
