/** What the server renders of a battle's page into its first view (src/first-views). */
export { BattleFrame, BattleStage } from './battle-view.tsx';
export { roundsOverBy } from './round-reveal.ts';
export type { BattleDetail } from './queries.ts';
