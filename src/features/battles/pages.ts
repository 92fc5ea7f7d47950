/** Battles' pages, for routes only: lobby, history, create (with the rob-mode guide), the battle and its fairness replay. */
export { BattlePage } from './battle-page.tsx';
export { BattleCreatePage } from './create-page.tsx';
export { BattleHistoryPage } from './history-page.tsx';
export { BattlesPage } from './lobby-page.tsx';
export { BattleFairnessPage } from './replay-page.tsx';
export { RobModePage } from './rob-mode-page.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { battleQueryOptions, battleRecordQueryOptions, historyQueryOptions, lobbyQueryOptions } from './queries.ts';
