/** The cases' pages, for routes only: the list and a simple case page (the rich case page and roulette come with the unbox work). */
export { CasePage, CaseTablePage, CasesPage, UnboxGamePage } from './cases-pages.tsx';
