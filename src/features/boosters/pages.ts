/** Boosters: the boosters modal (/event/boosters). */
export { BoostersModalPage } from './boosters-pages.tsx';
