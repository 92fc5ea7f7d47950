/** The Battle Pass: the season, its completion and the purchase modal. */
export { BattlePassDonePage, BattlePassPage, BattlePassPurchasePage } from './battlepass-pages.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { prefetchBattlePass } from './queries.ts';
