/** Rewards and the season ranks. */
export { RewardsPage } from './rewards-pages.tsx';
