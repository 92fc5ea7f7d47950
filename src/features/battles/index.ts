/** Battles for other features (the arena lobby): the lobby query, its live updates and the battle card. Pages: pages.ts. */
export { BattleCard, boxLookup } from './battle-card.tsx';
export { useLobbyLive } from './live.ts';
export { lobbyQueryOptions, type Battle } from './queries.ts';
