/** Battles: lobby, history, create (with the rob-mode guide) and the battle page frames. */
export { BattleCreatePage, BattleHistoryPage, BattlePage, BattlesPage, RobModePage } from './battles-pages.tsx';
