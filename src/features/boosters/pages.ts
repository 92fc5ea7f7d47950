/** Boosters: the boosters modal (/event/boosters) and the booster history (/inventory/boosters/history). */
export { BoostersModalPage, BoosterHistoryPage } from './boosters-pages.tsx';
