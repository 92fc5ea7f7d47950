/** The cases' pages, for routes only: the listing, a case with its opening panel and pool math, the unbox game with its roulette, and its verify modal. */
export { CaseLoadError } from './case-errors.tsx';
export { CasePage } from './case-page.tsx';
export { CaseTablePage } from './case-table-page.tsx';
export { CasesPage } from './cases-list-page.tsx';
export { UnboxGamePage } from './unbox-game-page.tsx';
export { UnboxVerifyModal } from './unbox-verify.tsx';
