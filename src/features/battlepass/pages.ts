/** The Battle Pass: the season, its completion and the purchase modal. */
export { BattlePassDonePage, BattlePassPage, BattlePassPurchasePage } from './battlepass-pages.tsx';
