/** Battles for other features' pages (the arena lobby): the lobby query, its live updates and the battle card. */
export { BattleCard, boxLookup } from './battle-card.tsx';
export { useLobbyLive } from './live.ts';
export { lobbyQueryOptions, type Battle } from './queries.ts';
