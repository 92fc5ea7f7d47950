/** Partnership, affiliates and invite links. */
export {
  AffiliatesPage,
  InviteCodePage,
  MembersPage,
  NewcomerGuidePage,
  PartnerDashboardPage,
  PartnershipPage,
  RaceCreatePage,
  TiersPage,
  type PartnerSection,
} from './partnership-pages.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { membersQueryOptions, raceQueryOptions, racesQueryOptions, referralsQueryOptions, tiersQueryOptions } from './queries.ts';
export { loadPartnerDashboard } from './dashboard-loader.ts';
