/** Rewards, season ranks and the race leaderboard. */
export { RacePage, RewardsPage } from './rewards-pages.tsx';
