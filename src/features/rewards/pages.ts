/** Rewards and the season ranks. */
export { RewardsPage } from './rewards-pages.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { levelRewardsQueryOptions } from './queries.ts';
