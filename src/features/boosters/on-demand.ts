/** Boosters loaded after the first page: the header's hint with the boosters panel, and the deposit bonus badge. */
export { default as BoosterHeaderHint, DepositBonusBadge } from './header-hint.tsx';
